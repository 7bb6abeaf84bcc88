import type { Kysely } from 'kysely';
import type { Database, MailDeliveryRow } from '../../db/types.ts';

type Db = Kysely<Database>;

/** Staff accounts with an address that are not disabled: who may get mail. */
export function listMailRecipients(db: Db) {
  return db
    .selectFrom('users')
    .select(['id', 'username', 'notifications'])
    .where('email', 'is not', null)
    .where('disabled_at', 'is', null)
    .execute();
}

export async function insertDeliveries(
  db: Db,
  rows: Array<
    Omit<MailDeliveryRow, 'id' | 'attempts' | 'lease_owner' | 'lease_until' | 'last_error' | 'sent_at'>
  >,
): Promise<void> {
  if (rows.length === 0) return;
  await db.insertInto('mail_deliveries').values(rows).execute();
}

/**
 * Leases due deliveries to `owner` until `until`: of the given mode, pending, due at `now`, not leased
 * by anyone else (a conditional update, so two instances never take the same row); answers them.
 */
export async function claimDue(
  db: Db,
  claim: {
    mode: 'immediately' | 'daily';
    now: number;
    owner: string;
    until: number;
    limit: number;
    userId?: string;
  },
): Promise<MailDeliveryRow[]> {
  let candidates = db
    .selectFrom('mail_deliveries')
    .select('id')
    .where('state', '=', 'pending')
    .where('mode', '=', claim.mode)
    .where('next_attempt_at', '<=', claim.now)
    .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', claim.now)]))
    .orderBy('id')
    .limit(claim.limit);
  if (claim.userId !== undefined) candidates = candidates.where('user_id', '=', claim.userId);
  const ids = (await candidates.execute()).map((r) => r.id);
  if (ids.length === 0) return [];
  return db
    .updateTable('mail_deliveries')
    .set({ lease_owner: claim.owner, lease_until: claim.until })
    .where('id', 'in', ids)
    .where('state', '=', 'pending')
    .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', claim.now)]))
    .returningAll()
    .execute();
}

/** Accounts with a digest due at `now`. */
export async function listDueDigestUsers(db: Db, now: number, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('mail_deliveries')
    .select('user_id')
    .distinct()
    .where('state', '=', 'pending')
    .where('mode', '=', 'daily')
    .where('next_attempt_at', '<=', now)
    .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)]))
    .limit(limit)
    .execute();
  return rows.map((r) => r.user_id);
}

export async function markSent(db: Db, ids: number[], owner: string, at: number): Promise<void> {
  await db
    .updateTable('mail_deliveries')
    .set({ state: 'sent', sent_at: at, lease_owner: null, lease_until: null, last_error: null })
    .where('id', 'in', ids)
    .where('lease_owner', '=', owner)
    .execute();
}

/** A failed attempt: tried again at `retryAt`, or failed for good when null. */
export async function markAttemptFailed(
  db: Db,
  ids: number[],
  owner: string,
  update: { attempts: number; retryAt: number | null; error: string },
): Promise<void> {
  await db
    .updateTable('mail_deliveries')
    .set({
      attempts: update.attempts,
      state: update.retryAt === null ? 'failed' : 'pending',
      ...(update.retryAt === null ? {} : { next_attempt_at: update.retryAt }),
      lease_owner: null,
      lease_until: null,
      last_error: update.error.slice(0, 500),
    })
    .where('id', 'in', ids)
    .where('lease_owner', '=', owner)
    .execute();
}

/** How many deliveries wait, and how many failed for good. */
export async function countDeliveries(db: Db): Promise<{ pending: number; failed: number }> {
  const rows = await db
    .selectFrom('mail_deliveries')
    .select(['state', (eb) => eb.fn.countAll<string>().as('count')])
    .where('state', 'in', ['pending', 'failed'])
    .groupBy('state')
    .execute();
  const of = (state: string) => Number(rows.find((r) => r.state === state)?.count ?? 0);
  return { pending: of('pending'), failed: of('failed') };
}

/** Removes sent and failed deliveries finished before `before` (epoch ms). */
export async function deleteFinishedBefore(db: Db, before: number): Promise<void> {
  await db
    .deleteFrom('mail_deliveries')
    .where('state', 'in', ['sent', 'failed'])
    .where('created_at', '<', before)
    .execute();
}

export async function readSetting(db: Db, key: string): Promise<string | undefined> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst();
  return row?.value;
}

export async function writeSetting(db: Db, key: string, value: string): Promise<void> {
  await db
    .insertInto('settings')
    .values({ key, value })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
    .execute();
}
