import { ENTRY_LICENCE, type Entry, type EntryData, type EntryEvent } from '@einwurf/contract';
import type { EntryEventRow, EntryRow } from '../../db/types.ts';
import { VERSION } from '../../version.ts';
import { isoDateTime } from '../../time.ts';

/** The fields of a stored entry besides its columns: title and state are columns, the rest is JSON. */
export function storedFields(row: EntryRow): Record<string, unknown> {
  return JSON.parse(row.data) as Record<string, unknown>;
}

/**
 * The API's view of a stored entry: meta plus data with timestamps as ISO strings.
 *
 * Node 20's V8 makes an object literal that spreads an object and then adds properties slow: over
 * a microsecond for each added property (Node 22 and later take a tenth of that). Hot answers
 * assign the added properties to an object of their own instead (`Object.assign(fresh, { … })`):
 * the same keys in the same order.
 */
export function toEntry(row: EntryRow): Entry {
  const fields = storedFields(row);
  const data: EntryData = Object.assign(fields, {
    content: typeof fields['content'] === 'string' ? fields['content'] : '',
    id: row.id,
    type: row.type,
    state: row.state,
    title: row.title,
    created_at: isoDateTime(row.created_at),
    updated_at: isoDateTime(row.updated_at),
    revision: row.revision,
    language: row.language,
    publish_at: row.published_at === null ? null : isoDateTime(row.published_at),
  });
  return { meta: { version: VERSION, licence: ENTRY_LICENCE }, data };
}

/** The API's view of one line of an entry's timeline, with its time as an ISO string. */
export function toEntryEvent(row: EntryEventRow): EntryEvent {
  return {
    kind: row.kind,
    actor: row.actor,
    from_state: row.from_state,
    to_state: row.to_state,
    created_at: isoDateTime(row.created_at),
    publish_at: row.publish_at === null ? null : isoDateTime(row.publish_at),
  };
}

/** Moderation's view of a timeline line: the author's, plus who made the change and whom it assigned. */
export function toModerationEntryEvent(row: EntryEventRow & { username: string | null }): EntryEvent {
  return Object.assign(toEntryEvent(row), { by: row.username, assignee: row.assignee });
}
