import {
  API_BASE,
  CSRF_HEADER,
  CSRF_INVALID_MESSAGE,
  STORAGE_KEYS,
  isErrorBody,
  isLoggedIn,
  type ErrorCode,
  type FieldError,
} from './contract';
import { clearAuth, getRole } from './auth-store';
import { readCurrentEntry } from './current-entry';
import { i18n } from './i18n';
import { showDangerToast } from './notify';
import { doneProgress, startProgress } from './progress';
import { readString, writeJson, writeString } from './storage';

/** Where the client sends the user; the app maps each target to a path of the router. */
export type ClientNavigation =
  | { to: 'editCPTPreAuth'; cpt: string; id: string; unauthenticated: true }
  | { to: 'login'; unauthenticated: true }
  | { to: 'home' }
  | { to: 'secondFactorSetup' }
  | { to: 'tooManyRequests' }
  | { to: 'serverError' };

/** What the author screens hand over when a session expires, so the edit survives re-authentication. */
export type CachedEntry = { cpt: string; id: string; [key: string]: unknown };

export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode | 'UNKNOWN';
  readonly fields: FieldError[] | undefined;
  /** True when the client already told the user (toast or error page); callers need not repeat it. */
  readonly handled: boolean;
  /** The parsed error body, for answers that carry more than the error (a 409 CONFLICT's stored entry). */
  readonly body: unknown;

  constructor(
    status: number,
    code: ErrorCode | 'UNKNOWN',
    message: string,
    fields?: FieldError[],
    handled = false,
    body: unknown = null,
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.fields = fields;
    this.handled = handled;
    this.body = body;
  }
}

/** Whether the app already told the user of this failure (toast or error page), so callers need not. */
export function isHandledError(error: unknown): boolean {
  return error instanceof ApiError && error.handled;
}

let navigateTo: (target: ClientNavigation) => void = () => {};
let currentEntryProvider: (() => CachedEntry | null) | null = null;

/** Set by the router: how the client navigates (session expiry, 429, 500). */
export function setClientNavigate(navigate: (target: ClientNavigation) => void): void {
  navigateTo = navigate;
}

/** Set by the author's edit screen: returns the entry being edited, to keep it across a session expiry. */
export function registerCurrentEntryProvider(provider: (() => CachedEntry | null) | null): void {
  currentEntryProvider = provider;
}

export function apiUrl(path: string): string {
  if (/^https?:\/\//.test(path) || path.startsWith(`${API_BASE}/`)) return path;
  return `${API_BASE}/${path.replace(/^\/+/, '')}`;
}

function rememberCsrfToken(response: Response): void {
  const token = response.headers.get(CSRF_HEADER);
  if (token) writeString(STORAGE_KEYS.csrfToken, token);
}

/** The interface language (de, de-CH, en), so the server's messages speak it as the screen does. */
export function requestLanguage(): string {
  return i18n.resolvedLanguage ?? i18n.language;
}

function buildInit(init: RequestInit): RequestInit {
  const headers = new Headers(init.headers);
  if (!headers.has('Accept-Language')) headers.set('Accept-Language', requestLanguage());
  const isFormData = typeof FormData !== 'undefined' && init.body instanceof FormData;
  if (!headers.has('Content-Type') && !isFormData) headers.set('Content-Type', 'application/json');
  const method = (init.method ?? 'GET').toUpperCase();
  if (method !== 'GET' && method !== 'HEAD') {
    const token = readString(STORAGE_KEYS.csrfToken);
    if (token) headers.set('X-Csrf-Token', token);
  }
  return { ...init, headers, credentials: 'include' };
}

async function send(url: string, init: RequestInit): Promise<Response> {
  try {
    startProgress();
    const response = await fetch(url, buildInit(init));
    rememberCsrfToken(response);
    return response;
  } finally {
    doneProgress();
  }
}

/** The helper that fetches a fresh CSRF token: `GET auth` answers one in its header. */
export async function refreshCsrfToken(): Promise<void> {
  await send(apiUrl('auth'), { method: 'GET' });
}

/**
 * The spec's test for a refused CSRF token (section 8): a 403 whose body contains its text. Fetch
 * calls and uploads then fetch a fresh token and send once more.
 */
export function isCsrfRefusal(status: number, text: string): boolean {
  return status === 403 && text.includes(CSRF_INVALID_MESSAGE);
}

export function parseBody(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function handleSessionExpiry(): void {
  const role = getRole();
  if (role === 'anon') {
    const cached = currentEntryProvider?.() ?? null;
    if (cached) writeJson(STORAGE_KEYS.cachedEntry, cached, 'session');
    const entry = cached ?? readCurrentEntry();
    navigateTo(
      entry ? { to: 'editCPTPreAuth', cpt: entry.cpt, id: entry.id, unauthenticated: true } : { to: 'home' },
    );
    return;
  }
  if (isLoggedIn(role)) {
    clearAuth();
    navigateTo({ to: 'login', unauthenticated: true });
    return;
  }
  clearAuth();
}

/**
 * Sends one API request with the spec's rules (section 7 and 8) and answers the raw Response of a success;
 * failures reject with an ApiError after the app-wide reactions (session expiry, 413 toast, 429/500 pages).
 */
export async function apiRequest(path: string, init: RequestInit = {}): Promise<Response> {
  const url = apiUrl(path);
  let response = await send(url, init);
  let text = response.ok ? '' : await response.text();

  if (isCsrfRefusal(response.status, text)) {
    await refreshCsrfToken();
    response = await send(url, init);
    text = response.ok ? '' : await response.text();
  }
  if (response.ok) return response;

  throw failureOf(url, response.status, parseBody(text), response.statusText, init.method);
}

/**
 * The ApiError of a failed call after the app-wide reactions of section 8: session expiry (401), the
 * second factor the installation requires (403, to the profile), the too-large toast (413), the 429
 * and 500 pages. Shared by fetch calls and uploads (which use XHR).
 * A 429 to a write (a save, an upload, a comment) is a toast instead of the 429 page: leaving the
 * screen would lose what the person entered and has not been stored.
 */
export function failureOf(
  url: string,
  status: number,
  body: unknown,
  statusText = '',
  method = 'GET',
): ApiError {
  const code = isErrorBody(body) ? body.error.code : 'UNKNOWN';
  const message = isErrorBody(body) ? body.error.message : statusText;
  const fields = isErrorBody(body) ? body.error.fields : undefined;

  // A wrong second-factor code is a 401 too (SECOND_FACTOR_INVALID), but the session stands.
  if (status === 401 && !url.includes('/auth') && code !== 'SECOND_FACTOR_INVALID') {
    handleSessionExpiry();
    return new ApiError(status, code, message, fields, true);
  }
  if (status === 403 && code === 'SECOND_FACTOR_SETUP_REQUIRED') {
    // The installation requires a second factor this account lacks: only the profile answers until
    // it is set up, and the profile says why.
    navigateTo({ to: 'secondFactorSetup' });
    return new ApiError(status, code, message, fields, true);
  }
  if (status === 413) {
    showDangerToast(i18n.t('errors.tooLarge.toastTitle'), i18n.t('errors.tooLarge.toastText'));
    return new ApiError(status, code, message, fields, true);
  }
  if (status === 429) {
    if (method.toUpperCase() === 'GET') navigateTo({ to: 'tooManyRequests' });
    else showDangerToast(i18n.t('errors.tooManyRequests.title'), i18n.t('errors.code.RATE_LIMITED'));
    return new ApiError(status, code, message, fields, true);
  }
  if (status === 500) {
    navigateTo({ to: 'serverError' });
    return new ApiError(status, code, message, fields, true);
  }
  return new ApiError(status, code, message, fields, false, body);
}

/** apiRequest answering the parsed JSON body (null when empty). */
export async function apiFetch<T>(path: string, init: RequestInit = {}): Promise<T> {
  const response = await apiRequest(path, init);
  return parseBody(await response.text()) as T;
}

export function jsonBody(value: unknown): string {
  return JSON.stringify(value);
}
