import { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import { ENTRY_STATES, EXPORT_FORMATS, type EntryState, type ExportFormat } from '@einwurf/contract';
import type { Database } from '../../db/types.ts';
import { badParam } from '../../list-params.ts';
import type { ContentTypes } from '../content-types/service.ts';
import * as repo from './repository.ts';
import { isoDateTime } from '../../time.ts';

type Db = Kysely<Database>;

/** What to export: the format and the submissions list's filters. */
export type ExportOptions = { format: ExportFormat } & repo.ExportFilter;

/** One line of a JSON Lines export. */
export type ExportedEntry = {
  id: string;
  type: string;
  state: EntryState;
  title: string;
  created_at: string;
  updated_at: string;
  published_at: string | null;
  data: Record<string, unknown>;
};

/** Rows read per query: large enough that a million entries take few round trips, small enough to stay light. */
export const EXPORT_BATCH_SIZE = 1000;

const FIXED_COLUMNS = ['id', 'type', 'state', 'title', 'created_at', 'updated_at', 'published_at'] as const;

export const EXPORT_CONTENT_TYPES: Record<ExportFormat, string> = {
  jsonl: 'application/jsonl; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
};

/**
 * The export's options from query parameters or command-line flags, each checked against the
 * formats, the loaded types and the lifecycle's states (a bad one throws a 400 naming it).
 */
export function parseExportOptions(
  contentTypes: ContentTypes,
  raw: { format?: string | undefined; type?: string | undefined; state?: string | undefined },
): ExportOptions {
  const format = raw.format ?? 'jsonl';
  if (!(EXPORT_FORMATS as readonly string[]).includes(format)) {
    throw badParam('format', `must be one of ${EXPORT_FORMATS.join(', ')}`);
  }
  const options: ExportOptions = { format: format as ExportFormat };
  if (raw.type !== undefined && raw.type !== '') {
    if (!contentTypes.types.has(raw.type)) throw badParam('type', `there is no type "${raw.type}"`);
    options.type = raw.type;
  }
  if (raw.state !== undefined && raw.state !== '') {
    if (!(ENTRY_STATES as readonly string[]).includes(raw.state)) {
      throw badParam('state', `must be one of ${ENTRY_STATES.join(', ')}`);
    }
    options.state = raw.state as EntryState;
  }
  return options;
}

/** How many entries an export with these options is about to write. */
export function countExport(db: Db, options: ExportOptions): Promise<number> {
  return repo.countForExport(db, options);
}

/** The file name a download of the export is offered under, dated in UTC. */
export function exportFileName(format: ExportFormat, now: Date): string {
  return `einwurf-entries-${now.toISOString().slice(0, 10)}.${format}`;
}

const iso = (ms: number | null) => (ms === null ? null : isoDateTime(ms));

function toExportedEntry(row: repo.ExportRow): ExportedEntry {
  const data = JSON.parse(row.data) as Record<string, unknown>;
  // The title has its own column; a copy in the stored fields would only repeat it.
  delete data['title'];
  return {
    id: row.id,
    type: row.type,
    state: row.state,
    title: row.title,
    created_at: iso(row.created_at)!,
    updated_at: iso(row.updated_at)!,
    published_at: iso(row.published_at),
    data,
  };
}

/** The field columns of a CSV export: the selected type's fields, or every type's, in schema order. */
export function csvFieldNames(contentTypes: ContentTypes, type: string | undefined): string[] {
  const names = new Set<string>();
  for (const contentType of contentTypes.types.values()) {
    if (type !== undefined && contentType.name !== type) continue;
    for (const name of Object.keys(contentType.schema.properties)) {
      if (!(FIXED_COLUMNS as readonly string[]).includes(name)) names.add(name);
    }
  }
  return [...names];
}

// A spreadsheet runs a cell starting with one of these as a formula (OWASP's CSV injection); a
// leading apostrophe makes it text. Only text is guarded: numbers, booleans and JSON are not formulas.
const FORMULA_START = /^[=+\-@\t\r]/;

/** A CSV cell: text guarded against formulas, numbers and booleans as written, nested values as JSON. */
export function csvCell(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return FORMULA_START.test(value) ? `'${value}` : value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/**
 * Rows as CSV text (RFC 4180, CRLF), with a byte order mark first when `bom` (the header's chunk).
 * csv-stringify loads at the first export, not at the start: few requests are exports.
 */
export async function csvText(rows: string[][], options: { bom?: boolean } = {}): Promise<string> {
  const { stringify } = await import('csv-stringify/sync');
  // The byte order mark tells spreadsheets the file is UTF-8, so umlauts arrive intact.
  return stringify(rows, { bom: options.bom ?? false, record_delimiter: 'windows' });
}

// Only what people typed is guarded. Ids, types, states and times are the server's own and are
// written as they are: an id may begin with "-" (base64url), but its letters, digits, "-" and "_"
// can never call a function, and an apostrophe would break matching it with the API's ids.
function csvRow(entry: ExportedEntry, fields: string[]): string[] {
  return [
    entry.id,
    entry.type,
    entry.state,
    csvCell(entry.title),
    entry.created_at,
    entry.updated_at,
    entry.published_at ?? '',
    ...fields.map((field) => csvCell(entry.data[field])),
  ];
}

/**
 * The entries an export selects, as a byte stream of JSON Lines or CSV (with a header row), oldest
 * change first. It reads a batch only when the reader has taken the previous one (back-pressure),
 * so memory stays bounded at any number of entries; destroying the stream (a client that went
 * away) stops it before the next query. An entry changed while the export runs moves behind the
 * cursor and may appear once more, later, with its new content; none present at the start is
 * missed unless it leaves the filter.
 */
export function exportEntries(
  db: Db,
  contentTypes: ContentTypes,
  options: ExportOptions,
  batchSize = EXPORT_BATCH_SIZE,
): Readable {
  const fields = options.format === 'csv' ? csvFieldNames(contentTypes, options.type) : [];
  const filter: repo.ExportFilter = { type: options.type, state: options.state };
  async function* chunks(): AsyncGenerator<string> {
    if (options.format === 'csv') {
      yield await csvText([[...FIXED_COLUMNS, ...fields]], { bom: true });
    }
    let cursor: repo.ExportCursor | undefined;
    for (;;) {
      const rows = await repo.nextExportBatch(db, filter, cursor, batchSize);
      if (rows.length === 0) return;
      const entries = rows.map(toExportedEntry);
      yield options.format === 'csv'
        ? await csvText(entries.map((entry) => csvRow(entry, fields)))
        : entries.map((entry) => JSON.stringify(entry) + '\n').join('');
      if (rows.length < batchSize) return;
      const last = rows[rows.length - 1]!;
      cursor = { updated_at: last.updated_at, id: last.id };
    }
  }
  return Readable.from(chunks(), { objectMode: false });
}
