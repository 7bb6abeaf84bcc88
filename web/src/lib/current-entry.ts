import { STORAGE_KEYS } from './contract';
import { readJson, removeKey, writeJson } from './storage';

/** The entry this browser is editing as its author: type (cpt) and id. */
export type CurrentEntry = { cpt: string; id: string };

function isCurrentEntry(value: unknown): value is CurrentEntry {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as CurrentEntry).cpt === 'string' &&
    typeof (value as CurrentEntry).id === 'string'
  );
}

export function readCurrentEntry(): CurrentEntry | null {
  const value = readJson<unknown>(STORAGE_KEYS.currentEntry);
  return isCurrentEntry(value) ? value : null;
}

export function writeCurrentEntry(entry: CurrentEntry): void {
  writeJson(STORAGE_KEYS.currentEntry, { cpt: entry.cpt, id: entry.id });
}

export function clearCurrentEntry(): void {
  removeKey(STORAGE_KEYS.currentEntry);
}
