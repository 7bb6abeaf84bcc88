import type { Kysely } from 'kysely';
import type { Database, NewSessionRow, SessionRow } from '../../db/types.ts';

type Db = Kysely<Database>;

export async function insertSession(db: Db, row: NewSessionRow): Promise<void> {
  await db.insertInto('sessions').values(row).execute();
}

/** A session with its account's name (null for an author's session). */
export async function findSession(
  db: Db,
  id: string,
): Promise<(SessionRow & { username: string | null }) | undefined> {
  return db
    .selectFrom('sessions')
    .leftJoin('users', 'users.id', 'sessions.user_id')
    .selectAll('sessions')
    .select('users.username')
    .where('sessions.id', '=', id)
    .executeTakeFirst();
}

/** Ends every session of an account but the one given (null: all of them). */
export async function deleteSessionsOfUser(db: Db, userId: string, keepId: string | null): Promise<void> {
  let query = db.deleteFrom('sessions').where('user_id', '=', userId);
  if (keepId !== null) query = query.where('id', '<>', keepId);
  await query.execute();
}

export async function deleteSession(db: Db, id: string): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', id).execute();
}

export async function deleteExpiredSessions(db: Db, now: number): Promise<number> {
  const result = await db.deleteFrom('sessions').where('expires_at', '<=', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Gives every session of an account the account's new role. */
export async function setSessionRoleOfUser(db: Db, userId: string, role: 'mod' | 'admin'): Promise<void> {
  await db.updateTable('sessions').set({ role }).where('user_id', '=', userId).execute();
}
