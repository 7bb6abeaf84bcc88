import {
  sql,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
} from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Entry } from '@einwurf/contract';
import { testDatabases, type TestDatabaseHandle } from '../../test/db.ts';
import { completeFields, insertTestEntry, shippedContentTypes, TEST_MODERATOR } from '../../test/entries.ts';
import { saveEntry } from '../entries/author-service.ts';
import { moderateEntry } from '../entries/moderation-service.ts';
import { changeEntryState, purgeDeletedEntries } from '../entries/service.ts';
import { searchEntries } from './repository.ts';
import { queryTerms, searchRowid } from './text.ts';

/**
 * Counts the statements that write what `target` matches (by default SQLite's FTS tables and
 * PostgreSQL's search_vector set on its own); a save's own UPDATE of the entry is compiled once and
 * passes no plugin, so what it sets is counted by triggers (noteRowWrites).
 */
function countSearchWrites(
  database: TestDatabaseHandle,
  target = /entries_fts|search_vector\s*=/,
): { plugin: KyselyPlugin; count: () => number } {
  let writes = 0;
  const plugin: KyselyPlugin = {
    transformQuery({ node, queryId }: PluginTransformQueryArgs) {
      const { sql } = database.db.getExecutor().compileQuery(node, queryId);
      if (/^\s*(insert|update|delete)\b/i.test(sql) && target.test(sql)) writes++;
      return node;
    },
    transformResult: async ({ result }: PluginTransformResultArgs) => result,
  };
  return { plugin, count: () => writes };
}

describe.each(testDatabases())('the search index on a save on $name', (target) => {
  let database: TestDatabaseHandle;
  let counter: ReturnType<typeof countSearchWrites>;
  const found = async (words: string, filter: { state?: Entry['data']['state'] } = {}) =>
    (await searchEntries(database.db, queryTerms(words), filter, { limit: 20, offset: 0 }, 100)).rows.map(
      (r) => r.id,
    );
  /** How many times entries rows were updated ('row') and PostgreSQL's search_vector set ('vector'). */
  const rowWrites = async (kind: 'row' | 'vector') => {
    const { rows } = await sql<{ n: number | string }>`select count(*) as n from row_writes
      where kind = ${kind}`.execute(database.db);
    return Number(rows[0]!.n);
  };
  /** Runs a save through a database that counts the index writes; answers how many it made. */
  const writesOf = async (save: (db: TestDatabaseHandle['db']) => Promise<unknown>) => {
    const before = counter.count() + (await rowWrites('vector'));
    await save(database.db.withPlugin(counter.plugin));
    return counter.count() + (await rowWrites('vector')) - before;
  };
  const moderate = async (entry: Entry, data: Record<string, unknown>) =>
    writesOf(async (db) => {
      const stored = await moderateEntry(
        db,
        await shippedContentTypes(),
        entry.data.id,
        { data: { ...entry.data, ...data, revision: entry.data.revision } },
        TEST_MODERATOR,
      );
      Object.assign(entry, stored);
    });

  beforeAll(async () => {
    database = await target.create();
    counter = countSearchWrites(database);
    // Triggers note each update of an entries row, and on PostgreSQL each that sets search_vector.
    await sql`create table row_writes (kind text not null)`.execute(database.db);
    if (target.name === 'postgres') {
      await sql`create function note_row_write() returns trigger language plpgsql as $$
        begin insert into row_writes values (tg_argv[0]); return null; end $$`.execute(database.db);
      await sql`create trigger row_written after update on entries
        for each row execute function note_row_write('row')`.execute(database.db);
      await sql`create trigger vector_written after update of search_vector on entries
        for each row execute function note_row_write('vector')`.execute(database.db);
    } else {
      await sql`create trigger row_written after update on entries
        begin insert into row_writes values ('row'); end`.execute(database.db);
    }
  });
  afterAll(() => database.destroy());

  it('rewrites the document when the text changed: the new words are found, the old ones no more', async () => {
    const entry = await insertTestEntry(database.db, {
      state: 'published',
      title: 'Kürbisfest im Dorf',
      content: 'Mit Suppe und Musik.',
    });
    expect(await found('Kürbisfest')).toEqual([entry.data.id]);

    expect(await moderate(entry, { content: 'Mit Apfelstrudel und Musik.' })).toBeGreaterThan(0);
    expect(await found('Apfelstrudel')).toEqual([entry.data.id]);
    expect(await found('Suppe')).toEqual([]);

    expect(await moderate(entry, { title: 'Maisfest im Dorf' })).toBeGreaterThan(0);
    expect(await found('Maisfest')).toEqual([entry.data.id]);
    expect(await found('Kürbisfest')).toEqual([]);

    // Another text field than the content is searched too.
    expect(await moderate(entry, { lead: 'Kurz gesagt: Zwetschgenkuchen.' })).toBeGreaterThan(0);
    expect(await found('Zwetschgenkuchen')).toEqual([entry.data.id]);
  });

  it("writes the entry's row once a save: PostgreSQL's document in the row's own UPDATE", async () => {
    const contentTypes = await shippedContentTypes();
    const draft = await insertTestEntry(database.db, { title: 'Schlehenlikör', content: 'Nach dem Frost.' });
    const save = async (data: Record<string, unknown>) => {
      const before = await rowWrites('row');
      Object.assign(
        draft,
        await saveEntry(database.db, contentTypes, draft.data.id, { data: { ...draft.data, ...data } }),
      );
      return (await rowWrites('row')) - before;
    };
    expect(await save({ content: 'Vor dem Frost gepflückt.' })).toBe(1);
    expect(await save({ title: 'Schlehengelee' })).toBe(1);
    expect(await save({ word_count: 4 })).toBe(1);
    expect(await found('gepflückt')).toEqual([draft.data.id]);
    expect(await found('Schlehengelee')).toEqual([draft.data.id]);
    expect(await found('Schlehenlikör')).toEqual([]);
    expect(await found('Frost')).toEqual([draft.data.id]);
  });

  it('writes nothing to the index for a save of the same text or of fields that are not text', async () => {
    const entry = await insertTestEntry(database.db, {
      state: 'published',
      title: 'Quittengelee selbst gemacht',
      content: 'Ein Rezept.',
    });
    expect(await moderate(entry, {})).toBe(0);
    expect(await moderate(entry, { word_count: 250, reviewed: true })).toBe(0);
    expect(entry.data).toMatchObject({ word_count: 250, reviewed: true });

    const contentTypes = await shippedContentTypes();
    const draft = await insertTestEntry(database.db, { title: 'Holunderblüten', content: 'Sirup.' });
    expect(
      await writesOf((db) =>
        saveEntry(db, contentTypes, draft.data.id, {
          data: { ...draft.data, ...completeFields('article'), word_count: 3 },
        }),
      ),
    ).toBe(0);
    expect(await found('Quittengelee')).toEqual([entry.data.id]);
    expect(await found('Holunderblüten')).toEqual([draft.data.id]);
  });

  it("writes SQLite's title table again only when the title or the facets changed", async () => {
    const titles = countSearchWrites(database, /entries_fts_title/);
    const titleWrites = async (save: (db: TestDatabaseHandle['db']) => Promise<unknown>) => {
      const before = titles.count();
      await save(database.db.withPlugin(titles.plugin));
      return titles.count() - before;
    };
    const contentTypes = await shippedContentTypes();
    const draft = await insertTestEntry(database.db, { title: 'Hagebuttenmus', content: 'Mit Zimt.' });
    const save = (data: Record<string, unknown>) =>
      titleWrites(async (db) => {
        const stored = await saveEntry(db, contentTypes, draft.data.id, { data: { ...draft.data, ...data } });
        Object.assign(draft, stored);
      });
    expect(await save({ content: 'Mit Nelken.' })).toBe(0);
    expect(await found('Nelken')).toEqual([draft.data.id]);
    expect(await found('Zimt')).toEqual([]);
    expect(await found('Hagebuttenmus')).toEqual([draft.data.id]);
    expect(await save({ title: 'Hagebuttenkonfitüre' })).toBe(target.name === 'sqlite' ? 2 : 0);
    expect(await found('Hagebuttenkonfitüre')).toEqual([draft.data.id]);
    expect(await found('Hagebuttenmus')).toEqual([]);
    expect(await found('Nelken')).toEqual([draft.data.id]);
    const writes = await titleWrites((db) => changeEntryState(db, draft.data.id, 'rejected', TEST_MODERATOR));
    expect(writes).toBe(target.name === 'sqlite' ? 2 : 0);
    expect(await found('Hagebuttenkonfitüre', { state: 'rejected' })).toEqual([draft.data.id]);
  });

  it('keeps the state a search filters by right when only the state changed', async () => {
    const entry = await insertTestEntry(database.db, {
      state: 'published',
      title: 'Brombeeren am Waldrand',
      content: 'Reif im August.',
    });
    const writes = await writesOf((db) => changeEntryState(db, entry.data.id, 'rejected', TEST_MODERATOR));
    // SQLite filters searches by the state's token in its index; PostgreSQL by the entries' column.
    if (target.name === 'sqlite') expect(writes).toBeGreaterThan(0);
    else expect(writes).toBe(0);
    expect(await found('Brombeeren', { state: 'rejected' })).toEqual([entry.data.id]);
    expect(await found('Brombeeren', { state: 'published' })).toEqual([]);
  });

  it.runIf(target.name === 'sqlite')(
    'leaves nothing of a purged entry in the index: no document, title or id',
    async () => {
      const entry = await insertTestEntry(database.db, {
        state: 'published',
        title: 'Mispelmarmelade',
        content: 'Eingekocht.',
      });
      const rowid = searchRowid(entry.data.id);
      const held = async () => {
        const { rows } = await sql<{ n: number }>`select
          (select count(*) from entries_fts where entries_fts match 'mispelmarmelade OR eingekocht') +
          (select count(*) from entries_fts_title where entries_fts_title match 'mispelmarmelade') +
          (select count(*) from search_rowids where rowid = ${rowid}) as n`.execute(database.db);
        return Number(rows[0]!.n);
      };
      expect(await held()).toBe(3);
      await changeEntryState(database.db, entry.data.id, 'deleted', TEST_MODERATOR);
      await database.db
        .updateTable('entries')
        .set({ deleted_at: 1 })
        .where('id', '=', entry.data.id)
        .execute();
      expect(await purgeDeletedEntries(database.db, Date.now())).toContain(entry.data.id);
      expect(await held()).toBe(0);
    },
  );
});
