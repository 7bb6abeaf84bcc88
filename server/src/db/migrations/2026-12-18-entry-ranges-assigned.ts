import { PostgresAdapter, sql, type Kysely } from 'kysely';
import * as entryRanges from './2026-12-17-entry-ranges.ts';
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen against Kysely<any> by design */

// Frozen in time: never import app code here (the migration before it is frozen, too). The desk's
// "nobody has it" list counted its total row by row (950,000 rows at a million entries) and skipped
// rows by OFFSET for a page by number, since entry_ranges did not tell entries anyone has from
// entries nobody has. entry_ranges now counts them apart: `assigned` is 1 for an entry a moderator
// has, 0 otherwise. The table and its triggers are made anew (SQLite cannot change a primary key),
// the counts taken from the entries once; the triggers also follow an entry taken, assigned or
// released, and an account's deletion (which sets its entries' assignee to null, firing them too).

const DAY_MS = 86_400_000;
const SQLITE_TRIGGERS = ['entry_ranges_insert', 'entry_ranges_update', 'entry_ranges_delete'];

export async function up(db: Kysely<any>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await entryRanges.down(db);
  await db.schema
    .createTable('entry_ranges')
    .addColumn('sort', 'text', (col) => col.notNull())
    .addColumn('bucket', 'bigint', (col) => col.notNull())
    .addColumn('type', 'text', (col) => col.notNull())
    .addColumn('state', 'text', (col) => col.notNull())
    .addColumn('assigned', 'integer', (col) => col.notNull())
    .addColumn('count', 'bigint', (col) => col.notNull())
    // In the order a page number reads them: one sort, its days in order, each day's counts together.
    .addPrimaryKeyConstraint('entry_ranges_pk', ['sort', 'bucket', 'type', 'state', 'assigned'])
    .execute();
  const assigned = sql`case when assignee_id is null then 0 else 1 end`;
  await sql`insert into entry_ranges (sort, bucket, type, state, assigned, count)
    select 'updated_at', updated_at / ${sql.lit(DAY_MS)}, type, state, ${assigned}, count(*) from entries
      group by updated_at / ${sql.lit(DAY_MS)}, type, state, ${assigned}
    union all
    select 'created_at', created_at / ${sql.lit(DAY_MS)}, type, state, ${assigned}, count(*) from entries
      group by created_at / ${sql.lit(DAY_MS)}, type, state, ${assigned}`.execute(db);
  if (isPostgres) await postgresTriggers(db);
  else await sqliteTriggers(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  if (isPostgres) {
    await sql`drop trigger entry_ranges_write on entries`.execute(db);
    await sql`drop trigger entry_ranges_update on entries`.execute(db);
    await sql`drop function entry_ranges_count()`.execute(db);
  } else {
    for (const name of SQLITE_TRIGGERS) await sql`drop trigger ${sql.id(name)}`.execute(db);
  }
  await db.schema.dropTable('entry_ranges').execute();
  await entryRanges.up(db);
}

/** SQL adding `delta` to the counts of an entry's two days (`row`: new or old), in key order. */
function sqliteAdjust(row: 'new' | 'old', delta: 1 | -1) {
  const r = sql.raw(row);
  const assigned = sql`case when ${r}.assignee_id is null then 0 else 1 end`;
  return sql`insert into entry_ranges (sort, bucket, type, state, assigned, count)
      select * from (
        select 'created_at' as sort, cast(${r}.created_at / ${sql.lit(DAY_MS)} as integer) as bucket,
          ${r}.type as type, ${r}.state as state, ${assigned} as assigned, ${sql.lit(delta)} as count
        union all
        select 'updated_at', cast(${r}.updated_at / ${sql.lit(DAY_MS)} as integer), ${r}.type, ${r}.state,
          ${assigned}, ${sql.lit(delta)}
      ) where true
      on conflict (sort, bucket, type, state, assigned) do update set count = entry_ranges.count + excluded.count;`;
}

/** Whether an update moves an entry to other counts: another type, state, holder or day of either time. */
const moves = sql`old.type is not new.type or old.state is not new.state
  or (old.assignee_id is null) is not (new.assignee_id is null)
  or cast(old.created_at / ${sql.lit(DAY_MS)} as integer) is not cast(new.created_at / ${sql.lit(DAY_MS)} as integer)
  or cast(old.updated_at / ${sql.lit(DAY_MS)} as integer) is not cast(new.updated_at / ${sql.lit(DAY_MS)} as integer)`;

async function sqliteTriggers(db: Kysely<any>): Promise<void> {
  await sql`create trigger entry_ranges_insert after insert on entries begin
    ${sqliteAdjust('new', 1)}
  end`.execute(db);
  await sql`create trigger entry_ranges_update
    after update of type, state, assignee_id, created_at, updated_at on entries
    when ${moves} begin
    ${sqliteAdjust('old', -1)}
    ${sqliteAdjust('new', 1)}
  end`.execute(db);
  await sql`create trigger entry_ranges_delete after delete on entries begin
    ${sqliteAdjust('old', -1)}
  end`.execute(db);
}

async function postgresTriggers(db: Kysely<any>): Promise<void> {
  // Each change is one statement with its rows summed and in key order: two writers moving entries
  // between the same counts (one from a state to another, one back, the same day) lock the counts
  // in the same order, so one waits for the other instead of both deadlocking.
  const rows = (row: 'new' | 'old', delta: 1 | -1) => {
    const r = sql.raw(row);
    const assigned = sql`case when ${r}.assignee_id is null then 0 else 1 end`;
    return sql`('created_at', ${r}.created_at / ${sql.lit(DAY_MS)}, ${r}.type, ${r}.state, ${assigned}, ${sql.lit(delta)}::bigint),
      ('updated_at', ${r}.updated_at / ${sql.lit(DAY_MS)}, ${r}.type, ${r}.state, ${assigned}, ${sql.lit(delta)}::bigint)`;
  };
  const adjust = (values: ReturnType<typeof sql>) =>
    sql`insert into entry_ranges (sort, bucket, type, state, assigned, count)
        select sort, bucket, type, state, assigned, sum(count)
        from (values ${values}) as c (sort, bucket, type, state, assigned, count)
        group by sort, bucket, type, state, assigned having sum(count) <> 0
        order by sort, bucket, type, state, assigned
        on conflict (sort, bucket, type, state, assigned)
        do update set count = entry_ranges.count + excluded.count;`;
  await sql`create function entry_ranges_count() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        ${adjust(rows('new', 1))}
      elsif tg_op = 'DELETE' then
        ${adjust(rows('old', -1))}
      else
        ${adjust(sql`${rows('old', -1)}, ${rows('new', 1)}`)}
      end if;
      return null;
    end
  $$`.execute(db);
  await sql`create trigger entry_ranges_write after insert or delete on entries
    for each row execute function entry_ranges_count()`.execute(db);
  await sql`create trigger entry_ranges_update
    after update of type, state, assignee_id, created_at, updated_at on entries
    for each row when (old.type is distinct from new.type or old.state is distinct from new.state
      or (old.assignee_id is null) <> (new.assignee_id is null)
      or old.created_at / ${sql.lit(DAY_MS)} <> new.created_at / ${sql.lit(DAY_MS)}
      or old.updated_at / ${sql.lit(DAY_MS)} <> new.updated_at / ${sql.lit(DAY_MS)})
    execute function entry_ranges_count()`.execute(db);
}
