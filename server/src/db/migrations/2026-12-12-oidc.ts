import type { Kysely } from 'kysely';
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen against Kysely<any> by design */

// Frozen in time: never import app code here. Staff may log in through the organisation's OpenID
// Connect provider. Such an account is created at its first login and is known by the provider's
// issuer and subject (unique together), never by its name, which the provider may change; it has
// no password of its own. A session started that way keeps the ID token, which the provider's
// logout asks for as a hint.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('auth_source', 'text', (col) => col.notNull().defaultTo('password'))
    .execute();
  await db.schema.alterTable('users').addColumn('oidc_issuer', 'text').execute();
  await db.schema.alterTable('users').addColumn('oidc_subject', 'text').execute();
  await db.schema
    .createIndex('users_oidc_subject_idx')
    .on('users')
    .columns(['oidc_issuer', 'oidc_subject'])
    .unique()
    .execute();
  await db.schema.alterTable('sessions').addColumn('oidc_id_token', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('sessions').dropColumn('oidc_id_token').execute();
  await db.schema.dropIndex('users_oidc_subject_idx').execute();
  await db.schema.alterTable('users').dropColumn('oidc_subject').execute();
  await db.schema.alterTable('users').dropColumn('oidc_issuer').execute();
  await db.schema.alterTable('users').dropColumn('auth_source').execute();
}
