import type { Kysely } from 'kysely';
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen against Kysely<any> by design */

// Frozen in time: never import app code here. Staff accounts hold the keys to what anonymous
// contributors entrusted to the service: a password alone is not enough. An account may add a
// time-based one-time password (RFC 6238; the secret, the one being set up until its first code
// confirms it, and the last time step a code was accepted for, so no code counts twice) and gets ten
// single-use recovery codes, kept as SHA-256 (they are random, so a fast hash suffices). Sessions
// remember when they were last used and by which browser, so an account can see and end them.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').addColumn('totp_secret', 'text').execute();
  await db.schema.alterTable('users').addColumn('totp_pending_secret', 'text').execute();
  await db.schema.alterTable('users').addColumn('totp_last_step', 'bigint').execute();
  await db.schema
    .createTable('recovery_codes')
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('recovery_codes_pk', ['user_id', 'code_hash'])
    .execute();
  await db.schema.alterTable('sessions').addColumn('last_used_at', 'bigint').execute();
  await db.schema.alterTable('sessions').addColumn('user_agent', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('sessions').dropColumn('user_agent').execute();
  await db.schema.alterTable('sessions').dropColumn('last_used_at').execute();
  await db.schema.dropTable('recovery_codes').execute();
  await db.schema.alterTable('users').dropColumn('totp_last_step').execute();
  await db.schema.alterTable('users').dropColumn('totp_pending_secret').execute();
  await db.schema.alterTable('users').dropColumn('totp_secret').execute();
}
