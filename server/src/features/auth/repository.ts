import type { Kysely } from 'kysely';
import type { Database, NewSessionRow, SessionRow } from '../../db/types.ts';

type Db = Kysely<Database>;

export async function insertSession(db: Db, row: NewSessionRow): Promise<void> {
  await db.insertInto('sessions').values(row).execute();
}

export async function findSession(db: Db, id: string): Promise<SessionRow | undefined> {
  return db.selectFrom('sessions').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function deleteSession(db: Db, id: string): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', id).execute();
}

export async function deleteExpiredSessions(db: Db, now: number): Promise<number> {
  const result = await db.deleteFrom('sessions').where('expires_at', '<=', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function setSessionExpiry(db: Db, id: string, expiresAt: number): Promise<void> {
  await db.updateTable('sessions').set({ expires_at: expiresAt }).where('id', '=', id).execute();
}
