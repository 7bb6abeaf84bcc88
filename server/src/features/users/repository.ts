import { dialectOf } from '../../db/database.ts';
import { sql, type Kysely } from 'kysely';
import type { Database, NewUserRow, UserRow, UserUpdate } from '../../db/types.ts';
import { forgetSessionsOfUser } from '../auth/session-cache.ts';

type Db = Kysely<Database>;

// Usernames are ASCII letters and digits, so lower() agrees in SQLite and PostgreSQL.
const usernameKey = sql<string>`lower(username)`;

export async function insertUser(db: Db, row: NewUserRow): Promise<void> {
  await db.insertInto('users').values(row).execute();
}

export async function findUserByUsername(db: Db, username: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where(usernameKey, '=', username.toLowerCase())
    .executeTakeFirst();
}

export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function listUsers(db: Db): Promise<UserRow[]> {
  return db.selectFrom('users').selectAll().orderBy(usernameKey).execute();
}

/** Changes an account; its sessions kept in memory are forgotten (name, role or state may change). */
export async function updateUser(db: Db, id: string, update: UserUpdate): Promise<boolean> {
  forgetSessionsOfUser(id);
  const result = await db.updateTable('users').set(update).where('id', '=', id).executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function deleteUserById(db: Db, id: string): Promise<boolean> {
  forgetSessionsOfUser(id);
  const result = await db.deleteFrom('users').where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/**
 * Counts the admins who can log in (not disabled) inside a transaction that is about to remove one. On PostgreSQL the admin rows
 * are locked first, so two admins demoting each other at once cannot both see "another admin is
 * left"; SQLite's single writer serializes such transactions already.
 */
export async function countAdminsForUpdate(trx: Db): Promise<number> {
  const query = trx
    .selectFrom('users')
    .select('id')
    .where('role', '=', 'admin')
    .where('disabled_at', 'is', null);
  const rows = await (dialectOf(trx) === 'sqlite' ? query : query.forUpdate()).execute();
  return rows.length;
}

export async function countUsers(db: Db, role?: UserRow['role']): Promise<number> {
  let query = db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('count'));
  if (role !== undefined) query = query.where('role', '=', role);
  const { count } = await query.executeTakeFirstOrThrow();
  return Number(count);
}
