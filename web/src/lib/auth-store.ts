import { useSyncExternalStore } from 'react';
import { isRole, STORAGE_KEYS, type AuthState, type Role } from './contract';
import { readJson, removeKey, writeJson } from './storage';

export const SIGNED_OUT: AuthState = { role: 'none', ttl: 0 };

/** A login counts only while its ttl (epoch seconds) lies in the future; ttl 0 means no session. */
export function effectiveAuth(auth: AuthState | null | undefined, nowMs: number = Date.now()): AuthState {
  if (!auth || !isRole(auth.role) || auth.role === 'none') return SIGNED_OUT;
  if (!Number.isFinite(auth.ttl) || auth.ttl <= 0 || auth.ttl * 1000 <= nowMs) return SIGNED_OUT;
  return auth;
}

let current: AuthState = effectiveAuth(readJson<AuthState>(STORAGE_KEYS.auth));
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

/** The current login, with an expired one already discarded. */
export function getAuth(): AuthState {
  return effectiveAuth(current);
}

export function getRole(): Role {
  return getAuth().role;
}

export function setAuth(auth: AuthState): void {
  const next = effectiveAuth(auth);
  if (next.role === 'none') removeKey(STORAGE_KEYS.auth);
  else writeJson(STORAGE_KEYS.auth, next);
  if (next.role === current.role && next.ttl === current.ttl) return;
  current = next;
  emit();
}

export function clearAuth(): void {
  setAuth(SIGNED_OUT);
}

export function subscribeAuth(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useAuth(): AuthState {
  return useSyncExternalStore(subscribeAuth, getAuth, getAuth);
}
