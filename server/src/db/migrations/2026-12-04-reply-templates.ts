import type { Kysely } from 'kysely';
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen against Kysely<any> by design */

// Frozen in time: never import app code here. Moderation answers authors with reply templates kept
// by admins, a title and a text in each interface language. An entry remembers the language its
// author wrote in (so a template's text in that language comes first) and when the author last read
// the comments (so the author learns of moderation's newer ones).

const LANGUAGE_COLUMNS = ['de', 'de_ch', 'en'];

export async function up(db: Kysely<any>): Promise<void> {
  let table = db.schema.createTable('reply_templates').addColumn('id', 'text', (col) => col.primaryKey());
  for (const part of ['title', 'text']) {
    for (const language of LANGUAGE_COLUMNS) {
      table = table.addColumn(`${part}_${language}`, 'text', (col) => col.notNull());
    }
  }
  await table
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema
    .alterTable('entries')
    .addColumn('language', 'text', (col) => col.notNull().defaultTo('de'))
    .execute();
  await db.schema.alterTable('entries').addColumn('author_seen_at', 'bigint').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('entries').dropColumn('author_seen_at').execute();
  await db.schema.alterTable('entries').dropColumn('language').execute();
  await db.schema.dropTable('reply_templates').execute();
}
