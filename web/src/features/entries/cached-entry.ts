import type { EntryRef } from '../../lib/paths';
import type { CachedEntry } from '../../lib/api-client';
import { STORAGE_KEYS, type EntryData } from '../../lib/contract';
import { readJson, removeKey } from '../../lib/storage';

/** What the edit page hands the API client when a session expires: the entry as being edited. */
export function cachedEntryOf(entry: EntryRef, data: EntryData): CachedEntry {
  return { cpt: entry.cpt, id: entry.id, data };
}

/** The edit kept in sessionStorage.cached_cpt across a session expiry, when it is this entry's. */
export function readCachedEntry(entry: EntryRef): EntryData | null {
  const cached = readJson<Partial<CachedEntry> & { data?: unknown }>(STORAGE_KEYS.cachedEntry, 'session');
  if (!cached || cached.cpt !== entry.cpt || cached.id !== entry.id) return null;
  const data = cached.data as EntryData | undefined;
  if (typeof data !== 'object' || data === null || data.id !== entry.id) return null;
  return data;
}

export function clearCachedEntry(): void {
  removeKey(STORAGE_KEYS.cachedEntry, 'session');
}
