import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../test/render';
import { ApiError, apiFetch, registerCurrentEntryProvider, setClientNavigate } from './api-client';
import { clearAuth, getAuth, setAuth } from './auth-store';
import { STORAGE_KEYS } from './contract';
import { changeLocale } from './i18n';
import { pendingRequests } from './progress';

const showDangerToast = vi.hoisted(() => vi.fn());
vi.mock('./notify', () => ({ showDangerToast, showWarningToast: vi.fn() }));

const fetchMock = vi.fn<typeof fetch>();
const navigate = vi.fn();
const inAnHour = () => Math.floor(Date.now() / 1000) + 3600;
const csrfFailure = () =>
  jsonResponse({ error: { code: 'CSRF_INVALID', message: 'CSRF token invalid' } }, { status: 403 });

function lastRequest(index = fetchMock.mock.calls.length - 1) {
  const [url, init] = fetchMock.mock.calls[index]!;
  return { url: String(url), init: init!, headers: new Headers(init!.headers) };
}

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  setClientNavigate(navigate);
  registerCurrentEntryProvider(null);
  clearAuth();
});

afterEach(() => {
  fetchMock.mockReset();
  navigate.mockReset();
  showDangerToast.mockReset();
  vi.unstubAllGlobals();
});

describe('api client: requests', () => {
  it('sends credentials and a JSON content type, and stores every x-csrf-token it sees', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse({ ok: 1 }, { headers: { 'x-csrf-token': 'tok-1' } }));
    await expect(apiFetch('config')).resolves.toEqual({ ok: 1 });
    const { url, init, headers } = lastRequest();
    expect(url).toBe('/api/v1/config');
    expect(init.credentials).toBe('include');
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(headers.has('X-Csrf-Token')).toBe(false);
    expect(localStorage.getItem(STORAGE_KEYS.csrfToken)).toBe('tok-1');
  });

  it('asks for answers in the interface language', async () => {
    fetchMock.mockImplementation(() => Promise.resolve(jsonResponse({ ok: 1 })));
    await apiFetch('config');
    expect(lastRequest().headers.get('Accept-Language')).toBe('de');
    await changeLocale('en');
    try {
      await apiFetch('config');
      expect(lastRequest().headers.get('Accept-Language')).toBe('en');
    } finally {
      await changeLocale('de');
    }
  });

  it('keeps a content type the caller set and sets none for FormData', async () => {
    fetchMock.mockImplementation(async () => jsonResponse({}));
    await apiFetch('x', { headers: { 'Content-Type': 'text/plain' } });
    expect(lastRequest().headers.get('Content-Type')).toBe('text/plain');
    await apiFetch('x', { method: 'POST', body: new FormData() });
    expect(lastRequest().headers.has('Content-Type')).toBe(false);
  });

  it('sends the stored token as X-Csrf-Token on every non-GET', async () => {
    localStorage.setItem(STORAGE_KEYS.csrfToken, 'stored');
    fetchMock.mockImplementation(async () => jsonResponse({}));
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      await apiFetch('anon/1', { method });
      expect(lastRequest().headers.get('X-Csrf-Token')).toBe('stored');
    }
  });

  it('counts pending requests for the progress bar', async () => {
    let release: (response: Response) => void = () => {};
    fetchMock.mockImplementation(() => new Promise<Response>((resolve) => (release = resolve)));
    const pending = apiFetch('config');
    expect(pendingRequests()).toBe(1);
    release(jsonResponse({}));
    await pending;
    expect(pendingRequests()).toBe(0);
  });
});

describe('api client: CSRF', () => {
  it('fetches a fresh token with GET auth and retries once with it', async () => {
    localStorage.setItem(STORAGE_KEYS.csrfToken, 'old');
    fetchMock
      .mockResolvedValueOnce(csrfFailure())
      .mockResolvedValueOnce(jsonResponse({ role: 'none', ttl: 0 }, { headers: { 'x-csrf-token': 'fresh' } }))
      .mockResolvedValueOnce(jsonResponse({ saved: true }));
    await expect(apiFetch('anon/1', { method: 'PUT', body: '{}' })).resolves.toEqual({ saved: true });
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(lastRequest(0).headers.get('X-Csrf-Token')).toBe('old');
    expect(lastRequest(1).url).toBe('/api/v1/auth');
    expect(lastRequest(1).init.method).toBe('GET');
    expect(lastRequest(2).headers.get('X-Csrf-Token')).toBe('fresh');
  });

  it('retries only once and then rejects', async () => {
    fetchMock
      .mockResolvedValueOnce(csrfFailure())
      .mockResolvedValueOnce(jsonResponse({ role: 'none', ttl: 0 }, { headers: { 'x-csrf-token': 'fresh' } }))
      .mockResolvedValueOnce(csrfFailure());
    const error = await apiFetch('anon/1', { method: 'PUT' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 403, code: 'CSRF_INVALID' });
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('passes on a 403 that is not about CSRF', async () => {
    fetchMock.mockResolvedValueOnce(
      jsonResponse({ error: { code: 'FORBIDDEN', message: 'no' } }, { status: 403 }),
    );
    await expect(apiFetch('admin/users')).rejects.toMatchObject({ status: 403, code: 'FORBIDDEN' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe('api client: session expiry (401)', () => {
  const unauthenticated = () =>
    jsonResponse({ error: { code: 'UNAUTHENTICATED', message: 'no session' } }, { status: 401 });

  it('keeps an author’s entry in session storage and sends them to the password check', async () => {
    setAuth({ role: 'anon', ttl: inAnHour() });
    const entry = { cpt: 'article', id: 'e1', data: { title: 'Unsaved' } };
    registerCurrentEntryProvider(() => entry);
    fetchMock.mockResolvedValueOnce(unauthenticated());
    await expect(apiFetch('anon/e1', { method: 'PUT' })).rejects.toMatchObject({
      status: 401,
      handled: true,
    });
    expect(JSON.parse(sessionStorage.getItem(STORAGE_KEYS.cachedEntry)!)).toEqual(entry);
    expect(navigate).toHaveBeenCalledWith({
      to: 'editCPTPreAuth',
      cpt: 'article',
      id: 'e1',
      unauthenticated: true,
    });
  });

  it('clears a moderator’s stored login and sends them to login?unauthenticated=true', async () => {
    setAuth({ role: 'mod', ttl: inAnHour() });
    expect(localStorage.getItem(STORAGE_KEYS.auth)).not.toBeNull();
    fetchMock.mockResolvedValueOnce(unauthenticated());
    await expect(apiFetch('admin/dashboard')).rejects.toBeInstanceOf(ApiError);
    expect(getAuth().role).toBe('none');
    expect(localStorage.getItem(STORAGE_KEYS.auth)).toBeNull();
    expect(navigate).toHaveBeenCalledWith({ to: 'login', unauthenticated: true });
  });

  it('passes on a 401 from a URL containing /auth (a failed login)', async () => {
    setAuth({ role: 'mod', ttl: inAnHour() });
    fetchMock.mockResolvedValueOnce(
      jsonResponse({ error: { code: 'INVALID_CREDENTIALS', message: 'wrong' } }, { status: 401 }),
    );
    await expect(apiFetch('auth', { method: 'POST', body: '{}' })).rejects.toMatchObject({
      status: 401,
      code: 'INVALID_CREDENTIALS',
      handled: false,
    });
    expect(navigate).not.toHaveBeenCalled();
    expect(getAuth().role).toBe('mod');
  });
});

describe('api client: other statuses', () => {
  it('shows the danger toast on 413', async () => {
    fetchMock.mockResolvedValueOnce(
      jsonResponse({ error: { code: 'PAYLOAD_TOO_LARGE', message: 'big' } }, { status: 413 }),
    );
    await expect(apiFetch('anon/1/files', { method: 'POST' })).rejects.toMatchObject({ status: 413 });
    expect(showDangerToast).toHaveBeenCalledWith('Zu umfangreiche Anfrage', 'Deine Anfrage ist zu gross!');
  });

  it('keeps the screen on a 429 to a write and tells why in a toast, so nothing entered is lost', async () => {
    fetchMock.mockResolvedValueOnce(
      jsonResponse({ error: { code: 'RATE_LIMITED', message: 'slow' } }, { status: 429 }),
    );
    await expect(apiFetch('anon/1', { method: 'PUT', body: '{}' })).rejects.toMatchObject({
      status: 429,
      code: 'RATE_LIMITED',
      handled: true,
    });
    expect(navigate).not.toHaveBeenCalled();
    expect(showDangerToast).toHaveBeenCalledWith(
      'Zu viele Anfragen',
      expect.stringContaining('zu viele Anfragen gesendet'),
    );
  });

  it('goes to the 429 page on 429 and to the 500 page on 500', async () => {
    fetchMock.mockResolvedValueOnce(
      jsonResponse({ error: { code: 'RATE_LIMITED', message: 'slow' } }, { status: 429 }),
    );
    await expect(apiFetch('pow')).rejects.toMatchObject({ status: 429 });
    expect(navigate).toHaveBeenLastCalledWith({ to: 'tooManyRequests' });
    fetchMock.mockResolvedValueOnce(
      jsonResponse({ error: { code: 'INTERNAL', message: 'oops' } }, { status: 500 }),
    );
    await expect(apiFetch('pow')).rejects.toMatchObject({ status: 500 });
    expect(navigate).toHaveBeenLastCalledWith({ to: 'serverError' });
  });

  it('keeps the session on 401 SECOND_FACTOR_INVALID: a wrong code, not an expiry', async () => {
    fetchMock.mockResolvedValueOnce(
      jsonResponse({ error: { code: 'SECOND_FACTOR_INVALID', message: 'wrong' } }, { status: 401 }),
    );
    await expect(apiFetch('admin/profile/totp', { method: 'PUT' })).rejects.toMatchObject({
      status: 401,
      code: 'SECOND_FACTOR_INVALID',
      handled: false,
    });
    expect(navigate).not.toHaveBeenCalled();
  });

  it('leads to the profile on 403 SECOND_FACTOR_SETUP_REQUIRED, and not on other 403s', async () => {
    fetchMock.mockResolvedValueOnce(
      jsonResponse({ error: { code: 'SECOND_FACTOR_SETUP_REQUIRED', message: 'set up' } }, { status: 403 }),
    );
    await expect(apiFetch('admin/entries')).rejects.toMatchObject({ status: 403, handled: true });
    expect(navigate).toHaveBeenLastCalledWith({ to: 'secondFactorSetup' });
    navigate.mockClear();
    fetchMock.mockResolvedValueOnce(
      jsonResponse({ error: { code: 'FORBIDDEN', message: 'no' } }, { status: 403 }),
    );
    await expect(apiFetch('admin/users')).rejects.toMatchObject({ status: 403, handled: false });
    expect(navigate).not.toHaveBeenCalled();
  });

  it('rejects other errors to the caller as a typed ApiError with fields', async () => {
    const fields = [{ field: 'data/title', keyword: 'required', message: 'required' }];
    fetchMock.mockResolvedValueOnce(
      jsonResponse({ error: { code: 'VALIDATION_FAILED', message: 'bad', fields } }, { status: 400 }),
    );
    const error = await apiFetch('anon/1', { method: 'PUT' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      code: 'VALIDATION_FAILED',
      message: 'bad',
      fields,
      handled: false,
    });
    expect(navigate).not.toHaveBeenCalled();
    expect(showDangerToast).not.toHaveBeenCalled();
  });
});
