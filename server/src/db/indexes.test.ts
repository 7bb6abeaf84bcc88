import { CompiledQuery, sql, type Compilable, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { testDatabases } from '../test/db.ts';
import { ENTRY_LIFECYCLE, type EntryState } from '@einwurf/contract';
import type { Database, NewEntryRow } from './types.ts';
import { insertEntriesInBulk } from '../features/seed/repository.ts';
import { searchDocumentOf } from '../features/search/service.ts';

/** Every index of the schema as "table: column, column…" (expressions as their text), by name. */
async function indexColumns(
  db: Kysely<Database>,
  dialect: 'sqlite' | 'postgres',
): Promise<Map<string, string>> {
  const rows =
    dialect === 'postgres'
      ? await sql<{ name: string; tbl: string; cols: string }>`
          select i.relname as name, t.relname as tbl,
            pg_get_indexdef(ix.indexrelid, 0, true) as cols
          from pg_index ix
          join pg_class i on i.oid = ix.indexrelid
          join pg_class t on t.oid = ix.indrelid
          join pg_namespace n on n.oid = t.relnamespace
          where n.nspname = current_schema() and not ix.indisprimary`.execute(db)
      : await sql<{ name: string; tbl: string; cols: string }>`
          select il.name as name, m.name as tbl,
            (select group_concat(coalesce(ii.name, '<expr>'), ', ') from pragma_index_info(il.name) ii) as cols
          from sqlite_master m, pragma_index_list(m.name) il
          where m.type = 'table' and il.origin = 'c'`.execute(db);
  return new Map(
    rows.rows.map((r) => {
      // PostgreSQL's definition: "CREATE [UNIQUE] INDEX name ON table USING btree (a, b) [WHERE …]".
      const cols = dialect === 'postgres' ? (/\((.*)\)/.exec(r.cols)?.[1] ?? r.cols) : r.cols;
      return [r.name, `${r.tbl}: ${cols}`];
    }),
  );
}

describe.each(testDatabases())('indexes on $name', (target) => {
  it('has no index whose columns lead another index of the same table', async () => {
    const handle = await target.create();
    try {
      const indexes = await indexColumns(handle.db, target.name as 'sqlite' | 'postgres');
      expect(indexes.size).toBeGreaterThan(10);
      const prefixes: string[] = [];
      for (const [name, definition] of indexes) {
        for (const [other, longer] of indexes) {
          if (other !== name && longer.startsWith(`${definition}, `)) prefixes.push(`${name} leads ${other}`);
        }
      }
      expect(prefixes).toEqual([]);
    } finally {
      await handle.destroy();
    }
  });
});

/**
 * The plan of a query, one line per step. PostgreSQL is told to avoid scanning tables, which it
 * prefers for the few rows of a test, so the plan shows whether an index could serve at all.
 */
async function planOf(
  db: Kysely<Database>,
  dialect: 'sqlite' | 'postgres',
  query: Compilable,
): Promise<string> {
  const { sql: text, parameters } = query.compile();
  if (dialect === 'sqlite') {
    const plan = await db.executeQuery<{ detail: string }>(
      CompiledQuery.raw(`explain query plan ${text}`, [...parameters]),
    );
    return plan.rows.map((r) => r.detail).join('\n');
  }
  return db.transaction().execute(async (trx) => {
    await sql`set local enable_seqscan = off`.execute(trx);
    const plan = await trx.executeQuery<{ 'QUERY PLAN': string }>(
      CompiledQuery.raw(`explain ${text}`, [...parameters]),
    );
    return plan.rows.map((r) => r['QUERY PLAN']).join('\n');
  });
}

describe.each(testDatabases())('the entries queries on $name', (target) => {
  it('are served by an index, also those the dropped prefix indexes served', async () => {
    const handle = await target.create();
    const dialect = target.name as 'sqlite' | 'postgres';
    try {
      const { db } = handle;
      /** The ids of a list page seeking past a cursor in the order of `by`, then id. */
      const pageAfterCursor = (page: {
        by: 'updated_at' | 'title';
        direction: 'asc' | 'desc';
        state?: EntryState;
        type?: string;
      }) => {
        let query = db.selectFrom('entries').select('id');
        query =
          page.state === undefined
            ? query.where('state', '<>', ENTRY_LIFECYCLE.deleted)
            : query.where('state', '=', page.state);
        if (page.type !== undefined) query = query.where('type', '=', page.type);
        const edge = page.by === 'title' ? 'x' : 1;
        return query
          .where((eb) =>
            eb(eb.refTuple(page.by, 'id'), page.direction === 'asc' ? '>' : '<', eb.tuple(edge, 'x')),
          )
          .orderBy(page.by, page.direction)
          .orderBy('id', page.direction)
          .limit(20);
      };
      const queries: [string, Compilable][] = [
        // entries_created_at served this, entries_created_at_id does now.
        [
          'entries created since',
          db
            .selectFrom('entries')
            .select((eb) => eb.fn.countAll().as('count'))
            .where('created_at', '>=', 0),
        ],
        [
          'a list by creation',
          db
            .selectFrom('entries')
            .select('id')
            .where('state', '<>', ENTRY_LIFECYCLE.deleted)
            .orderBy('created_at', 'desc')
            .orderBy('id', 'desc')
            .limit(20),
        ],
        // entries_state_updated_at served this, entries_state_updated_at_id does now.
        [
          'a list of one state by change',
          db
            .selectFrom('entries')
            .select('id')
            .where('state', '=', 'published')
            .orderBy('updated_at', 'desc')
            .orderBy('id', 'desc')
            .limit(20),
        ],
        [
          'a list of one type and state by change',
          db
            .selectFrom('entries')
            .select('id')
            .where('state', '=', 'published')
            .where('type', '=', 'article')
            .orderBy('updated_at', 'desc')
            .orderBy('id', 'desc')
            .limit(20),
        ],
        // A page found from its neighbour's edge seeks to it in the index of its sort and filter.
        ['a page after a cursor', pageAfterCursor({ by: 'updated_at', direction: 'desc' })],
        [
          'a page of one state before a cursor',
          pageAfterCursor({ by: 'updated_at', direction: 'asc', state: 'published' }),
        ],
        [
          'a page of one type and state after a cursor',
          pageAfterCursor({ by: 'updated_at', direction: 'desc', state: 'published', type: 'article' }),
        ],
        [
          'a page of one type after a cursor',
          pageAfterCursor({ by: 'updated_at', direction: 'desc', type: 'article' }),
        ],
        ['a page by title after a cursor', pageAfterCursor({ by: 'title', direction: 'asc' })],
      ];
      for (const [name, query] of queries) {
        const plan = await planOf(db, dialect, query);
        if (dialect === 'sqlite') {
          expect(plan, name).toMatch(/USING (COVERING )?INDEX entries_/);
          expect(plan, name).not.toContain('USE TEMP B-TREE');
        } else {
          expect(plan, name).toMatch(/Index (Only )?Scan/);
          expect(plan, name).not.toMatch(/Seq Scan|Sort/);
        }
      }
    } finally {
      await handle.destroy();
    }
  });
});

describe.each(testDatabases())('the dashboard queries on $name', (target) => {
  it('read the latest events in index order, without sorting those of the same time', async () => {
    const handle = await target.create();
    const dialect = target.name as 'sqlite' | 'postgres';
    try {
      const { db } = handle;
      const plan = await planOf(
        db,
        dialect,
        db
          .selectFrom('entry_events as ev')
          .innerJoin('entries as e', 'e.id', 'ev.entry_id')
          .select(['ev.id', 'e.title'])
          .orderBy('ev.created_at', 'desc')
          .orderBy('ev.id', 'desc')
          .limit(20),
      );
      if (dialect === 'sqlite') {
        expect(plan).toContain('entry_events_created_at_id');
        expect(plan).not.toContain('TEMP B-TREE');
      } else {
        expect(plan).toContain('entry_events_created_at_id');
        expect(plan).not.toMatch(/Sort/);
      }
    } finally {
      await handle.destroy();
    }
  });
});

describe.each(testDatabases().filter((t) => t.name === 'postgres'))(
  'the search queries on $name',
  (target) => {
    it('find the title matches of one state in one index, without a bitmap of the whole state', async () => {
      const handle = await target.create();
      try {
        const { db } = handle;
        // Most entries published, few with the word in the title: the state alone narrows little.
        const rows: NewEntryRow[] = Array.from({ length: 5000 }, (_, i) => ({
          id: `entry-${i}`,
          type: 'article',
          state: i % 10 === 0 ? 'draft' : 'published',
          title: i % 100 === 0 ? 'Kürbis im Dorf' : `Eintrag ${i}`,
          data: JSON.stringify({ content: 'Ein Fest.' }),
          password_hash: 'not a hash',
          revision: 1,
          created_at: i,
          updated_at: i,
          deleted_at: null,
        }));
        await db.transaction().execute((trx) => insertEntriesInBulk(trx, rows, rows.map(searchDocumentOf)));
        // Vacuumed: rows written after an index was made wait in its pending list until then.
        await sql`vacuum analyze entries`.execute(db);
        const query = sql`plainto_tsquery('german', 'kürbis') || plainto_tsquery('english', 'kürbis')`;
        const titleMatches = sql`select e.id, e.updated_at from entries e
        where e.title_vector @@ (${query}) and e.state = 'published' limit 1001`;
        const plan = await planOf(db, 'postgres', { compile: () => titleMatches.compile(db) });
        expect(plan).toMatch(
          /Bitmap Index Scan on entries_title_vector_state.*\n\s+Index Cond: .*title_vector.*state/,
        );
        expect(plan).not.toMatch(/BitmapAnd|ts_filter/);
      } finally {
        await handle.destroy();
      }
    });
  },
);
