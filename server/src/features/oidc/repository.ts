import type { Kysely } from 'kysely';
import type { Database, UserRow } from '../../db/types.ts';

type Db = Kysely<Database>;

/** The SSO account the provider knows by this issuer and subject. */
export function findUserBySubject(db: Db, issuer: string, subject: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where('oidc_issuer', '=', issuer)
    .where('oidc_subject', '=', subject)
    .executeTakeFirst();
}

/** Whether any account has this name, regardless of case. */
export async function usernameTaken(db: Db, username: string): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['username']), '=', username.toLowerCase()))
    .executeTakeFirst();
  return row !== undefined;
}

/** Keeps the ID token with the session it started, for the provider's logout. */
export async function setSessionIdToken(db: Db, sessionId: string, idToken: string): Promise<void> {
  await db.updateTable('sessions').set({ oidc_id_token: idToken }).where('id', '=', sessionId).execute();
}

/** The ID token a session was started with; undefined for a password login. */
export async function findSessionIdToken(db: Db, sessionId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('sessions')
    .select('oidc_id_token')
    .where('id', '=', sessionId)
    .executeTakeFirst();
  return row?.oidc_id_token ?? undefined;
}
