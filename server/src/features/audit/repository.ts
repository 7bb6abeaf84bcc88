import { sql, type Insertable, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { AuditKind } from '@einwurf/contract';
import type { AuditLogRow, AuditLogTable, Database } from '../../db/types.ts';

type Db = Kysely<Database>;

/** What a list or download of the audit log selects. */
export type AuditFilter = {
  kind?: AuditKind;
  /** The actor's name, regardless of case. */
  actor?: string;
  /** Epoch ms, inclusive. */
  from?: number;
  to?: number;
};

/** Where a download continues: the last record it wrote (newest first, so older ones follow). */
export type AuditCursor = { at: number; id: number };

export async function insertAuditRecord(db: Db, row: Insertable<AuditLogTable>): Promise<void> {
  await db.insertInto('audit_log').values(row).execute();
}

function filtered<O>(
  query: SelectQueryBuilder<Database, 'audit_log', O>,
  filter: AuditFilter,
): SelectQueryBuilder<Database, 'audit_log', O> {
  let q = query;
  if (filter.kind !== undefined) q = q.where('kind', '=', filter.kind);
  if (filter.actor !== undefined) {
    q = q.where(sql<string>`lower(actor_name)`, '=', filter.actor.toLowerCase());
  }
  if (filter.from !== undefined) q = q.where('at', '>=', filter.from);
  if (filter.to !== undefined) q = q.where('at', '<=', filter.to);
  return q;
}

/** One page of the records a filter selects, newest first, and how many it selects in all. */
export async function listAuditRecords(
  db: Db,
  filter: AuditFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: AuditLogRow[]; total: number }> {
  const rows = await filtered(db.selectFrom('audit_log').selectAll(), filter)
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  const counted = await filtered(
    db.selectFrom('audit_log').select((eb) => eb.fn.countAll<number>().as('total')),
    filter,
  ).executeTakeFirstOrThrow();
  return { rows, total: Number(counted.total) };
}

/** The next batch of a download, newest first, after `cursor`. */
export function nextAuditBatch(
  db: Db,
  filter: AuditFilter,
  cursor: AuditCursor | undefined,
  limit: number,
): Promise<AuditLogRow[]> {
  let q = filtered(db.selectFrom('audit_log').selectAll(), filter);
  if (cursor !== undefined) {
    q = q.where((eb) =>
      eb.or([eb('at', '<', cursor.at), eb.and([eb('at', '=', cursor.at), eb('id', '<', cursor.id)])]),
    );
  }
  return q.orderBy('at', 'desc').orderBy('id', 'desc').limit(limit).execute();
}

/** An account's name by its id, for a record whose caller knew only the id. */
export async function findUsername(db: Db, id: string): Promise<string | null> {
  const row = await db.selectFrom('users').select('username').where('id', '=', id).executeTakeFirst();
  return row?.username ?? null;
}
