import type { Kysely } from 'kysely';
import { compiledOnce } from '../../db/compiled-once.ts';
import type { Database, NewSessionRow, SessionRow } from '../../db/types.ts';
// Every statement that ends or changes sessions forgets the ones kept in memory, here beside it.
import { forgetSession, forgetSessionsOfUser } from './session-cache.ts';

type Db = Kysely<Database>;

export async function insertSession(db: Db, row: NewSessionRow): Promise<void> {
  await db.insertInto('sessions').values(row).execute();
}

/** A session with its account's name (null for an author's session). */
export async function findSession(
  db: Db,
  id: string,
): Promise<
  | (SessionRow & {
      username: string | null;
      totp_secret: string | null;
      disabled_at: number | null;
      has_passkey: unknown;
      auth_source: 'password' | 'oidc' | null;
    })
  | undefined
> {
  const [row] = await sessionById(db, undefined, id);
  return row;
}

const sessionById = compiledOnce((db, _shape: void, id: string) =>
  db
    .selectFrom('sessions')
    .leftJoin('users', 'users.id', 'sessions.user_id')
    .selectAll('sessions')
    .select(['users.username', 'users.totp_secret', 'users.disabled_at', 'users.auth_source'])
    .select((eb) =>
      eb
        .exists(
          eb
            .selectFrom('passkeys')
            .select('passkeys.id')
            .whereRef('passkeys.user_id', '=', 'sessions.user_id'),
        )
        .as('has_passkey'),
    )
    .where('sessions.id', '=', id),
);

export async function countSessionsOfUser(db: Db, userId: string): Promise<number> {
  const { count } = await db
    .selectFrom('sessions')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(count);
}

/** Ends every session of an account but the one given (null: all of them). */
export async function deleteSessionsOfUser(db: Db, userId: string, keepId: string | null): Promise<void> {
  forgetSessionsOfUser(userId);
  let query = db.deleteFrom('sessions').where('user_id', '=', userId);
  if (keepId !== null) query = query.where('id', '<>', keepId);
  await query.execute();
}

export async function deleteSession(db: Db, id: string): Promise<void> {
  forgetSession(id);
  await db.deleteFrom('sessions').where('id', '=', id).execute();
}

export async function deleteExpiredSessions(db: Db, now: number): Promise<number> {
  const result = await db.deleteFrom('sessions').where('expires_at', '<=', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Gives every session of an account the account's new role. */
export async function setSessionRoleOfUser(db: Db, userId: string, role: 'mod' | 'admin'): Promise<void> {
  forgetSessionsOfUser(userId);
  await db.updateTable('sessions').set({ role }).where('user_id', '=', userId).execute();
}

/** Notes a session's use; at most once a minute, so busy sessions do not write on every request. */
export async function touchSession(db: Db, id: string, now: number, staleBefore: number): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ last_used_at: now })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', staleBefore)]))
    .execute();
}

/** An account's sessions that have not expired, the newest first. */
export function findSessionsOfUser(db: Db, userId: string, now: number): Promise<SessionRow[]> {
  return db
    .selectFrom('sessions')
    .selectAll()
    .where('user_id', '=', userId)
    .where('expires_at', '>', now)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
}

/** Ends one session of an account; false when it has none of that id. */
export async function deleteSessionOfUser(db: Db, userId: string, id: string): Promise<boolean> {
  forgetSession(id);
  const result = await db
    .deleteFrom('sessions')
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
