import { ENTRY_SYSTEM_FIELDS, type EntryData } from '@einwurf/contract';

/** The fields of an entry a moderator edits: everything but what the server owns. */
export function editableFields(data: EntryData): Record<string, unknown> {
  const fields: Record<string, unknown> = { ...data };
  for (const key of ENTRY_SYSTEM_FIELDS) delete fields[key];
  return fields;
}

/** The names of the fields whose values differ between two versions of an entry. */
export function changedFields(mine: Record<string, unknown>, theirs: Record<string, unknown>): string[] {
  const keys = new Set([...Object.keys(mine), ...Object.keys(theirs)]);
  return [...keys].filter((key) => JSON.stringify(mine[key] ?? null) !== JSON.stringify(theirs[key] ?? null));
}
