import { sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { testDatabases } from '../test/db.ts';
import type { Database } from './types.ts';

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
