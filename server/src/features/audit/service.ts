import { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import {
  AUDIT_KINDS,
  AUDIT_PAGE_SIZE_DEFAULT,
  type AuditKind,
  type AuditList,
  type AuditListQuery,
  type AuditRecord,
  type AuditTargetType,
} from '@einwurf/contract';
import type { AuditLogRow, Database } from '../../db/types.ts';
import { badParam, filterConditions, pageParams, paginate } from '../../list-params.ts';
import { isoDateTime, parseIsoDateTime } from '../../time.ts';
import { csvCell, csvText } from '../export/service.ts';
import * as repo from './repository.ts';

type Db = Kysely<Database>;

/**
 * Who did it: an account (its id and its name at the time), the system (housekeeping, the command
 * line), or nobody logged in (a failed login, with the name it tried).
 */
export type AuditActor =
  | { type: 'user'; id: string; username: string | null }
  | { type: 'system' }
  | { type: 'anonymous'; username: string | null };

/** Who acts in a request, and from where when the operator keeps addresses (see auditContext). */
export type AuditContext = { actor: AuditActor; clientAddress: string | null };

/** The system acting on its own, without a request. */
export const SYSTEM_AUDIT: AuditContext = Object.freeze({
  actor: Object.freeze({ type: 'system' as const }),
  clientAddress: null,
});

/** One thing to record: what, by whom, about what, with a few facts (small: states, field names). */
export type AuditInput = {
  kind: AuditKind;
  actor: AuditActor;
  target?: { type: AuditTargetType; id: string } | null;
  details?: Record<string, unknown>;
  clientAddress?: string | null;
  /** Epoch ms; now unless the change has its own time (the app's clock). */
  at?: number;
};

/** Names longer than any account's (a failed login may try anything) are cut to this. */
const NAME_MAX = 64;

/**
 * Writes one audit record. Call it with the transaction of the change it reports, so a change rolled
 * back leaves no record; an action that changes nothing (a failed login) records on `db`. An account
 * named by id alone is looked up, so the record keeps its name at the time.
 */
export async function recordAudit(db: Db, input: AuditInput): Promise<void> {
  const { actor } = input;
  let actorName: string | null = null;
  if (actor.type === 'user') actorName = actor.username ?? (await repo.findUsername(db, actor.id));
  else if (actor.type === 'anonymous') actorName = actor.username;
  await repo.insertAuditRecord(db, {
    at: input.at ?? Date.now(),
    kind: input.kind,
    actor_type: actor.type,
    actor_id: actor.type === 'user' ? actor.id : null,
    actor_name: actorName === null ? null : actorName.slice(0, NAME_MAX),
    target_type: input.target?.type ?? null,
    target_id: input.target?.id ?? null,
    details: JSON.stringify(input.details ?? {}),
    client_address: input.clientAddress ?? null,
  });
}

/** `recordAudit` with the actor and address of a request's context. */
export function recordAuditAs(
  db: Db,
  context: AuditContext,
  input: Omit<AuditInput, 'actor' | 'clientAddress'>,
): Promise<void> {
  return recordAudit(db, { ...input, actor: context.actor, clientAddress: context.clientAddress });
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 24 * 60 * 60_000;

/** A bound of the time filter: an ISO date-time with offset, or a UTC date (its start, or its end). */
function timeBound(field: string, raw: string, end: boolean): number {
  const day = DATE.test(raw) ? Date.parse(`${raw}T00:00:00Z`) : NaN;
  const value = Number.isNaN(day) ? parseIsoDateTime(raw) : end ? day + DAY_MS - 1 : day;
  if (value === undefined) {
    throw badParam(
      field,
      'must be an ISO date-time with offset (2026-12-01T08:00:00Z) or a date (2026-12-01)',
    );
  }
  return value;
}

const FILTER_OPS = { kind: ['is'], actor: ['is'], at: ['gte', 'lte'] } as const;
const FILTER_USAGE = 'comma-separated kind:is:<kind>, actor:is:<username>, at:gte:<time> or at:lte:<time>';

/** The filter a list's or download's query asks for; a bad value is a 400 naming its parameter. */
export function parseAuditFilter(query: AuditListQuery): repo.AuditFilter {
  const filter: repo.AuditFilter = {};
  for (const { field, op, value } of filterConditions(query.filters, FILTER_OPS, FILTER_USAGE)) {
    if (field === 'kind') {
      if (!(AUDIT_KINDS as readonly string[]).includes(value)) {
        throw badParam('filters', `kind must be one of ${AUDIT_KINDS.join(', ')}`);
      }
      filter.kind = value as AuditKind;
    } else if (field === 'actor') filter.actor = value;
    else if (op === 'gte') filter.from = timeBound('filters', value, false);
    else filter.to = timeBound('filters', value, true);
  }
  if (query.from !== undefined && query.from !== '') {
    if (filter.from !== undefined) throw badParam('from', 'names the time twice (from and at:gte)');
    filter.from = timeBound('from', query.from, false);
  }
  if (query.to !== undefined && query.to !== '') {
    if (filter.to !== undefined) throw badParam('to', 'names the time twice (to and at:lte)');
    filter.to = timeBound('to', query.to, true);
  }
  return filter;
}

function toAuditRecord(row: AuditLogRow): AuditRecord {
  return {
    id: row.id,
    at: isoDateTime(row.at),
    kind: row.kind,
    actor: { type: row.actor_type, id: row.actor_id, username: row.actor_name },
    target:
      row.target_type === null || row.target_id === null
        ? null
        : { type: row.target_type, id: row.target_id },
    details: JSON.parse(row.details) as Record<string, unknown>,
    client_address: row.client_address,
  };
}

/** One page of the audit log, newest first, filtered as the query asks. */
export async function listAudit(db: Db, query: AuditListQuery): Promise<AuditList> {
  const page = pageParams(query, AUDIT_PAGE_SIZE_DEFAULT);
  const filter = parseAuditFilter(query);
  const { rows, total } = await repo.listAuditRecords(db, filter, page);
  return { meta: { pagination: paginate(page.current, page.size, total) }, data: rows.map(toAuditRecord) };
}

export const AUDIT_CSV_COLUMNS = [
  'id',
  'at',
  'kind',
  'actor_type',
  'actor_id',
  'actor_username',
  'target_type',
  'target_id',
  'details',
  'client_address',
] as const;

/** Rows read per query of a download. */
export const AUDIT_BATCH_SIZE = 1000;

// Names typed at a failed login and details are guarded against formulas; ids, kinds and times are
// the server's own.
function csvRow(record: AuditRecord): string[] {
  return [
    String(record.id),
    record.at,
    record.kind,
    record.actor.type,
    record.actor.id ?? '',
    csvCell(record.actor.username),
    record.target?.type ?? '',
    record.target?.id ?? '',
    csvCell(JSON.stringify(record.details)),
    record.client_address ?? '',
  ];
}

/** The file name a download of the audit log is offered under, dated in UTC. */
export function auditFileName(now: Date): string {
  return `einwurf-audit-${now.toISOString().slice(0, 10)}.csv`;
}

/**
 * The records a filter selects as CSV (header row first), newest first, read a batch at a time as the
 * reader takes them, like the entries' export.
 */
export function auditCsv(db: Db, filter: repo.AuditFilter, batchSize = AUDIT_BATCH_SIZE): Readable {
  async function* chunks(): AsyncGenerator<string> {
    yield await csvText([[...AUDIT_CSV_COLUMNS]], { bom: true });
    let cursor: repo.AuditCursor | undefined;
    for (;;) {
      const rows = await repo.nextAuditBatch(db, filter, cursor, batchSize);
      if (rows.length === 0) return;
      yield await csvText(rows.map((row) => csvRow(toAuditRecord(row))));
      if (rows.length < batchSize) return;
      const last = rows[rows.length - 1]!;
      cursor = { at: last.at, id: last.id };
    }
  }
  return Readable.from(chunks(), { objectMode: false });
}
