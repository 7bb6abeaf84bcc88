import type { Kysely, Selectable } from 'kysely';
import type { Database, PasskeysTable, WebAuthnChallengesTable } from '../../db/types.ts';
import { forgetSessionsOfUser } from '../auth/session-cache.ts';

type Db = Kysely<Database>;
export type PasskeyRow = Selectable<PasskeysTable>;

export function listPasskeys(db: Db, userId: string): Promise<PasskeyRow[]> {
  return db
    .selectFrom('passkeys')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export async function countPasskeys(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('passkeys')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export function findPasskey(db: Db, userId: string, id: string): Promise<PasskeyRow | undefined> {
  return db
    .selectFrom('passkeys')
    .selectAll()
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export function findPasskeyByCredential(
  db: Db,
  userId: string,
  credentialId: string,
): Promise<PasskeyRow | undefined> {
  return db
    .selectFrom('passkeys')
    .selectAll()
    .where('user_id', '=', userId)
    .where('credential_id', '=', credentialId)
    .executeTakeFirst();
}

/** Stores a new passkey; false when its credential is known already (to this or another account). */
export async function insertPasskey(db: Db, row: Omit<PasskeyRow, 'last_used_at'>): Promise<boolean> {
  const result = await db
    .insertInto('passkeys')
    .values(row)
    .onConflict((oc) => oc.column('credential_id').doNothing())
    .executeTakeFirst();
  // A session knows whether its account has a second factor.
  forgetSessionsOfUser(row.user_id);
  return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
}

export async function renamePasskey(db: Db, userId: string, id: string, name: string): Promise<boolean> {
  const result = await db
    .updateTable('passkeys')
    .set({ name })
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deletePasskey(db: Db, userId: string, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom('passkeys')
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
  forgetSessionsOfUser(userId);
  return Number(result.numDeletedRows) > 0;
}

export async function deletePasskeysOfUser(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('passkeys').where('user_id', '=', userId).execute();
  forgetSessionsOfUser(userId);
  await db.deleteFrom('webauthn_challenges').where('user_id', '=', userId).execute();
}

/**
 * Records a use: the new counter and the time, if the counter is still the one checked against, so
 * two answers checked in parallel against one counter count once.
 */
export async function recordPasskeyUse(
  db: Db,
  id: string,
  seenCounter: number,
  newCounter: number,
  now: number,
): Promise<boolean> {
  const result = await db
    .updateTable('passkeys')
    .set({ counter: newCounter, last_used_at: now })
    .where('id', '=', id)
    .where('counter', '=', seenCounter)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Keeps a challenge until it expires; expired ones of anyone are purged here, where it is cheap. */
export async function insertChallenge(db: Db, row: WebAuthnChallengesTable, now: number): Promise<void> {
  await db.deleteFrom('webauthn_challenges').where('expires_at', '<=', now).execute();
  await db.insertInto('webauthn_challenges').values(row).execute();
}

/** Uses a challenge up: true for the one caller that deleted it before it expired. */
export async function consumeChallenge(
  db: Db,
  challenge: string,
  userId: string,
  purpose: WebAuthnChallengesTable['purpose'],
  now: number,
): Promise<boolean> {
  const result = await db
    .deleteFrom('webauthn_challenges')
    .where('challenge', '=', challenge)
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
