import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';
import { forgetSessionsOfUser } from '../auth/session-cache.ts';

type Db = Kysely<Database>;

/** What the second factor needs of an account. */
export type SecondFactorAccount = {
  id: string;
  username: string;
  password_hash: string;
  totp_secret: string | null;
  totp_pending_secret: string | null;
  totp_last_step: number | null;
};

export function findAccount(db: Db, userId: string): Promise<SecondFactorAccount | undefined> {
  return db
    .selectFrom('users')
    .select(['id', 'username', 'password_hash', 'totp_secret', 'totp_pending_secret', 'totp_last_step'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

export function findAccountByUsername(db: Db, username: string): Promise<SecondFactorAccount | undefined> {
  return db
    .selectFrom('users')
    .select(['id', 'username', 'password_hash', 'totp_secret', 'totp_pending_secret', 'totp_last_step'])
    .where(sql<string>`lower(username)`, '=', username.toLowerCase())
    .executeTakeFirst();
}

export async function setPendingSecret(db: Db, userId: string, secret: string): Promise<void> {
  await db.updateTable('users').set({ totp_pending_secret: secret }).where('id', '=', userId).execute();
}

/** Makes the pending secret the account's, if it is still the one confirmed; false otherwise. */
export async function activatePendingSecret(
  db: Db,
  userId: string,
  secret: string,
  step: number,
): Promise<boolean> {
  forgetSessionsOfUser(userId);
  const result = await db
    .updateTable('users')
    .set({ totp_secret: secret, totp_pending_secret: null, totp_last_step: step })
    .where('id', '=', userId)
    .where('totp_pending_secret', '=', secret)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Accepts a code's time step once: true only for the first caller with a step later than the last
 * accepted one, so a code seen over someone's shoulder (or sent twice in parallel) counts once.
 */
export async function claimStep(db: Db, userId: string, step: number): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ totp_last_step: step })
    .where('id', '=', userId)
    .where('totp_secret', 'is not', null)
    .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function clearSecondFactor(db: Db, userId: string): Promise<void> {
  forgetSessionsOfUser(userId);
  await db
    .updateTable('users')
    .set({ totp_secret: null, totp_pending_secret: null, totp_last_step: null })
    .where('id', '=', userId)
    .execute();
  await db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
}

export async function replaceRecoveryCodes(db: Db, userId: string, hashes: readonly string[]): Promise<void> {
  await db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
  await db
    .insertInto('recovery_codes')
    .values(hashes.map((code_hash) => ({ user_id: userId, code_hash })))
    .execute();
}

/** Uses up a recovery code: true for the one caller that deleted it. */
export async function consumeRecoveryCode(db: Db, userId: string, hash: string): Promise<boolean> {
  const result = await db
    .deleteFrom('recovery_codes')
    .where('user_id', '=', userId)
    .where('code_hash', '=', hash)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function countRecoveryCodes(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('recovery_codes')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
