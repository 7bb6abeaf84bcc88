import type { AuthState } from './contract';
import { apiFetch } from './api-client';
import { setAuth } from './auth-store';

/** Asks the server for the current login (`GET auth`) and keeps it; also refreshes the CSRF token. */
export async function refreshAuth(): Promise<AuthState> {
  const auth = await apiFetch<AuthState>('auth');
  setAuth(auth);
  return auth;
}

let ready: Promise<void> | null = null;

/** Resolves once the start-up refresh of the login settled; a failed refresh keeps the stored login. */
export function ensureAuthLoaded(): Promise<void> {
  ready ??= refreshAuth().then(
    () => undefined,
    () => undefined,
  );
  return ready;
}
