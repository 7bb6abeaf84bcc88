import SqliteDatabase from 'better-sqlite3';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import { ENTRY_LIFECYCLE, isDeletedState, type Entry, type EntryState } from '@einwurf/contract';
import { sqliteOptions } from '../db/sqlite-connection.ts';
import type { Database } from '../db/types.ts';
import { loadContentTypes, type ContentTypes } from '../features/content-types/service.ts';
import { createEntry } from '../features/entries/author-service.ts';
import { insertFile } from '../features/files/repository.ts';
import { fileIdFromUrl } from '../features/files/urls.ts';
import { deleteEntryAsModeration, moderateEntry } from '../features/entries/moderation-service.ts';
import { newEntryId, type EntryChanger } from '../features/entries/service.ts';
import { insertEntriesInBulk } from '../features/seed/repository.ts';
import { testConfig } from './config.ts';

export const TEST_MODERATOR: EntryChanger = Object.freeze({ actor: 'admin', userId: null });

let shipped: Promise<ContentTypes> | undefined;
/** The shipped entry types, loaded once per test file. */
export function shippedContentTypes(): Promise<ContentTypes> {
  shipped ??= loadContentTypes(testConfig().contentTypesDir);
  return shipped;
}

/** Fields that make an entry of a shipped type complete (it may be proposed or published). */
export function completeFields(type: string): Record<string, unknown> {
  return type === 'event'
    ? { starts_at: '2026-12-01T18:00:00Z', location: 'Kulturhaus' }
    : { lead: 'Kurz gesagt.', category: 'local' };
}

/**
 * File fields name files of their own entry: the file URLs (`/api/v1/files/<id>/<name>`) in `fields`
 * are registered to the entry as if uploaded (a row without content), so a test may name any.
 */
async function registerNamedFiles(
  db: Kysely<Database>,
  entryId: string,
  fields: Record<string, unknown>,
): Promise<void> {
  const urls = new Set(Object.values(fields).flatMap((v) => (Array.isArray(v) ? v : [v])));
  for (const url of urls) {
    const id = typeof url === 'string' ? fileIdFromUrl(url) : undefined;
    if (id === undefined || !(url as string).startsWith('/')) continue;
    const name = decodeURIComponent((url as string).split('/').pop() ?? 'file');
    await insertFile(db, {
      id,
      entry_id: entryId,
      key: `${entryId}/${id}`,
      preview_key: null,
      name,
      extension: name.split('.').pop() ?? '',
      content_type: 'application/octet-stream',
      size: 0,
      sha256: '',
      is_image: 0,
      created_at: Date.now(),
    });
  }
}

/** An entry in the given state with the given title, content and fields, written through the services. */
export async function insertTestEntry(
  db: Kysely<Database>,
  input: {
    type?: string;
    state?: EntryState;
    title?: string;
    content?: string;
    fields?: Record<string, unknown>;
  } = {},
): Promise<Entry> {
  const type = input.type ?? 'article';
  const contentTypes = await shippedContentTypes();
  const created = await createEntry(db, { type, passwordHash: 'not a hash' });
  await registerNamedFiles(db, created.data.id, input.fields ?? {});
  const state = input.state ?? ENTRY_LIFECYCLE.initial;
  const saved = await moderateEntry(
    db,
    contentTypes,
    created.data.id,
    {
      data: {
        revision: created.data.revision,
        title: input.title ?? 'Ein Eintrag',
        content: input.content ?? 'Text.',
        ...completeFields(type),
        ...input.fields,
        state: isDeletedState(state) ? ENTRY_LIFECYCLE.initial : state,
      },
    },
    TEST_MODERATOR,
  );
  if (!isDeletedState(state)) return saved;
  await deleteEntryAsModeration(db, created.data.id, TEST_MODERATOR);
  return { ...saved, data: { ...saved.data, state } };
}

/**
 * Inserts an entry as a bare row, with its count but no search document: for a migration's test at
 * a schema before today's, which the app's own writes (insertTestEntry) may not fit. Answers its id.
 */
export async function insertEntryRow(
  db: Kysely<Database>,
  input: { type?: string; state?: EntryState; title?: string } = {},
): Promise<string> {
  const id = newEntryId();
  const now = Date.now();
  const row = {
    id,
    type: input.type ?? 'article',
    state: input.state ?? ENTRY_LIFECYCLE.initial,
    title: input.title ?? 'Ein Eintrag',
    data: JSON.stringify({ content: 'Text.' }),
    password_hash: 'not a hash',
    revision: 1,
    created_at: now,
    updated_at: now,
    deleted_at: null,
  };
  await db.transaction().execute((trx) => insertEntriesInBulk(trx, [row], []));
  return id;
}

/** Removes every entry and resets the per-type-and-state counters with them, as between tests. */
export async function clearEntries(db: Kysely<Database>): Promise<void> {
  await db.deleteFrom('entries').execute();
  await db.deleteFrom('entry_counts').execute();
}

/** Rows of counts with their numbers as numbers (PostgreSQL answers bigints and sums as strings). */
function plainCounts(rows: unknown[]): unknown[] {
  const numeric = new Set(['bucket', 'assigned', 'count']);
  return (rows as Record<string, unknown>[]).map((row) =>
    Object.fromEntries(
      Object.entries(row).map(([key, value]) => [key, numeric.has(key) ? Number(value) : value]),
    ),
  );
}

/**
 * entry_ranges as it must be: the entries counted anew per sort, day, type, state and whether anyone
 * has them (rows of count 0, left where entries moved away, are left out), for comparing with what
 * the triggers kept. `assigned: false` for the table as migration 2026-12-17 made it, without that.
 */
export async function rangesRecountedAndKept(
  db: Kysely<Database>,
  { assigned = true }: { assigned?: boolean } = {},
): Promise<{ kept: unknown[]; recounted: unknown[] }> {
  const day = sql.lit(86_400_000);
  const holder = assigned ? sql`, case when assignee_id is null then 0 else 1 end` : sql``;
  const key = assigned ? sql`sort, bucket, type, state, assigned` : sql`sort, bucket, type, state`;
  const recounted = await sql`select ${key}, count from (
      select 'updated_at' as sort, updated_at / ${day} as bucket, type, state ${holder} ${assigned ? sql`as assigned` : sql``},
          count(*) as count
        from entries group by updated_at / ${day}, type, state ${holder}
      union all
      select 'created_at', created_at / ${day}, type, state ${holder}, count(*) from entries
        group by created_at / ${day}, type, state ${holder}
    ) counted order by ${key}`.execute(db);
  const kept = await sql`select ${key}, count from entry_ranges where count <> 0 order by ${key}`.execute(db);
  return { kept: plainCounts(kept.rows), recounted: plainCounts(recounted.rows) };
}

/**
 * title_ranges as it must be: the entries counted anew per title bucket (the greatest anchor not
 * above the title), type, state and whether anyone has them, beside what the triggers and splits kept.
 */
export async function titleRangesRecountedAndKept(
  db: Kysely<Database>,
): Promise<{ kept: unknown[]; recounted: unknown[] }> {
  const recounted = await sql`select anchor, type, state, assigned, count(*) as count from (
      select (select a.anchor from title_anchors a where a.anchor <= e.title order by a.anchor desc limit 1)
          as anchor,
        e.type, e.state, case when e.assignee_id is null then 0 else 1 end as assigned
      from entries e
    ) bucketed group by anchor, type, state, assigned order by anchor, type, state, assigned`.execute(db);
  const kept = await sql`select anchor, type, state, assigned, count from title_ranges where count <> 0
    order by anchor, type, state, assigned`.execute(db);
  return { kept: plainCounts(kept.rows), recounted: plainCounts(recounted.rows) };
}

/**
 * Gives an entry another title as another process would (another instance, a command): on a
 * connection of its own, the time of the change moving on as with every save.
 */
export async function retitleElsewhere(url: string, id: string, title: string): Promise<void> {
  if (url.startsWith('sqlite:')) {
    // With the server's binding (EINWURF_SQLITE_BINDING: the Node 24 run's build).
    const sqlite = new SqliteDatabase(url.slice('sqlite:'.length), sqliteOptions());
    try {
      sqlite.prepare('update entries set title = ?, updated_at = updated_at + 1 where id = ?').run(title, id);
    } finally {
      sqlite.close();
    }
    return;
  }
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('update entries set title = $1, updated_at = updated_at + 1 where id = $2', [
      title,
      id,
    ]);
  } finally {
    await client.end();
  }
}
