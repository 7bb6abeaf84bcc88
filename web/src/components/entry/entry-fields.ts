import { ENTRY_SYSTEM_FIELDS, type EntryData } from '../../lib/contract';

/** The fields of an entry its editors change: everything but what the server owns. */
export function editableFields(data: EntryData): Record<string, unknown> {
  const fields: Record<string, unknown> = { ...data };
  for (const key of ENTRY_SYSTEM_FIELDS) delete fields[key];
  return fields;
}

/** The names of the fields whose values differ between two versions of an entry. */
export function changedFields(mine: Record<string, unknown>, theirs: Record<string, unknown>): string[] {
  const keys = new Set([...Object.keys(mine), ...Object.keys(theirs)]);
  return [...keys].filter((key) => !isSameData(mine[key] ?? null, theirs[key] ?? null));
}

/** Deep equality of JSON values (entry data), key order aside: the unsaved-changes flag's test. */
export function isSameData(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((value, i) => isSameData(value, b[i]));
  }
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const keys = Object.keys(left).filter((key) => left[key] !== undefined);
  const otherKeys = Object.keys(right).filter((key) => right[key] !== undefined);
  return keys.length === otherKeys.length && keys.every((key) => isSameData(left[key], right[key]));
}
