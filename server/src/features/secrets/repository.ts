import type { Kysely } from 'kysely';
import type { AppSecretsTable, Database } from '../../db/types.ts';

type Db = Kysely<Database>;

export async function findSecret(db: Db, name: string): Promise<AppSecretsTable | undefined> {
  return db.selectFrom('app_secrets').selectAll().where('name', '=', name).executeTakeFirst();
}

/** Stores a secret unless one of that name exists (the first of instances starting together wins). */
export async function insertSecretIfAbsent(db: Db, row: AppSecretsTable): Promise<void> {
  await db
    .insertInto('app_secrets')
    .values(row)
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
}

/** Replaces a secret, keeping the one it replaces as the previous one. */
export async function rotateSecret(db: Db, name: string, value: string, now: number): Promise<boolean> {
  const result = await db
    .updateTable('app_secrets')
    .set((eb) => ({ previous: eb.ref('value'), value, rotated_at: now }))
    .where('name', '=', name)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
