import type { Kysely } from 'kysely';
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen against Kysely<any> by design */

// Frozen in time: never import app code here. Readers' outputs show each public entry's Markdown as
// sanitised HTML, and rendering takes milliseconds an entry: a list page nobody asked for before cost
// a quarter of a second. The HTML is now rendered once, when an entry becomes public or a public entry
// is saved, and kept here with the revision it was rendered from; a row whose revision is not the
// entry's is stale and ignored (the reader renders anew), so no write path can make readers see old
// text. Root-relative URLs are kept with a placeholder the reader replaces with its origin. Entries
// public before this migration have no row and are rendered on read, as before.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('public_html')
    .addColumn('entry_id', 'text', (col) => col.primaryKey().references('entries.id').onDelete('cascade'))
    .addColumn('revision', 'integer', (col) => col.notNull())
    .addColumn('html', 'text', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('public_html').execute();
}
