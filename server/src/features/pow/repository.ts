import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';

type Db = Kysely<Database>;

/** Records a token as spent; false when it was spent before (the primary key decides, atomically). */
export async function insertSpentToken(db: Db, jti: string, expiresAt: number): Promise<boolean> {
  const result = await db
    .insertInto('spent_pow_tokens')
    .values({ jti, expires_at: expiresAt })
    .onConflict((oc) => oc.column('jti').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
}

export async function deleteExpiredSpentTokens(db: Db, now: number): Promise<number> {
  const result = await db.deleteFrom('spent_pow_tokens').where('expires_at', '<=', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}
