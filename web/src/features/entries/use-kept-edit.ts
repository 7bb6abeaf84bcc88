import { useEffect } from 'react';
import type { EntryRef } from '../../lib/paths';
import { registerCurrentEntryProvider } from '../../lib/api-client';
import type { EntryData } from '../../lib/contract';
import type { EntryDraft } from '../../components/entry/use-entry-draft';
import { cachedEntryOf, clearCachedEntry } from './cached-entry';

/**
 * A session expiry (401) hands the API client the author's edit, which it keeps in sessionStorage
 * while the author re-enters the password (the copy kept in localStorage is written at once too); an
 * edit restored from there is cleared once shown.
 */
export function useKeptEdit(entryRef: EntryRef, draft: EntryDraft, restored: EntryData | null) {
  const { latest, allowLeave, kept } = draft;
  useEffect(() => {
    registerCurrentEntryProvider(() => {
      allowLeave();
      kept.current?.flush();
      return cachedEntryOf(entryRef, latest());
    });
    return () => registerCurrentEntryProvider(null);
  }, [entryRef, latest, allowLeave, kept]);

  useEffect(() => {
    if (restored) clearCachedEntry();
  }, [restored]);
}
