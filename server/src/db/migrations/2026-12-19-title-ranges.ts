import { PostgresAdapter, sql, type Kysely } from 'kysely';
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen against Kysely<any> by design */

// Frozen in time: never import app code here. A list sorted by title skipped every row before a page
// asked for by its number (an OFFSET over the title index: about 150 ns a row). Days cannot bucket
// titles, and a prefix of a title does not sort as the title does under PostgreSQL's collations, so
// the buckets are bounded by titles themselves: title_anchors holds titles, a bucket is the titles
// from one anchor up to the next, and the database compares and orders them with the title's own
// collation. title_ranges counts the entries per bucket, type, state and whether anyone has them,
// kept by triggers like entry_ranges. The anchors are every 2,000th title when this runs; the app's
// housekeeping splits a bucket grown past twice that. '' is always an anchor: no title sorts below.

const SQLITE_TRIGGERS = ['title_ranges_insert', 'title_ranges_update', 'title_ranges_delete'];
const ANCHOR_EVERY = 2_000;

export async function up(db: Kysely<any>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('title_anchors')
    .addColumn('anchor', 'text', (col) => col.primaryKey())
    .execute();
  await db.schema
    .createTable('title_ranges')
    .addColumn('anchor', 'text', (col) => col.notNull())
    .addColumn('type', 'text', (col) => col.notNull())
    .addColumn('state', 'text', (col) => col.notNull())
    .addColumn('assigned', 'integer', (col) => col.notNull())
    .addColumn('count', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('title_ranges_pk', ['anchor', 'type', 'state', 'assigned'])
    .execute();
  await sql`insert into title_anchors (anchor) values ('')`.execute(db);
  await sql`insert into title_anchors (anchor)
    select distinct title from (select title, row_number() over (order by title) as n from entries) numbered
    where n % ${sql.lit(ANCHOR_EVERY)} = 0 and title <> ''`.execute(db);
  await sql`insert into title_ranges (anchor, type, state, assigned, count)
    select anchor, type, state, assigned, count(*) from (
      select ${bucketOf(sql`e.title`)} as anchor, e.type, e.state,
        case when e.assignee_id is null then 0 else 1 end as assigned
      from entries e
    ) bucketed group by anchor, type, state, assigned`.execute(db);
  if (isPostgres) await postgresTriggers(db);
  else await sqliteTriggers(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  if (isPostgres) {
    await sql`drop trigger title_ranges_write on entries`.execute(db);
    await sql`drop trigger title_ranges_update on entries`.execute(db);
    await sql`drop function title_ranges_count()`.execute(db);
  } else {
    for (const name of SQLITE_TRIGGERS) await sql`drop trigger ${sql.id(name)}`.execute(db);
  }
  await db.schema.dropTable('title_ranges').execute();
  await db.schema.dropTable('title_anchors').execute();
}

/** The anchor of a title's bucket: the greatest anchor not above it. */
function bucketOf(title: ReturnType<typeof sql>) {
  return sql`(select a.anchor from title_anchors a where a.anchor <= ${title} order by a.anchor desc limit 1)`;
}

const assignedOf = (row: 'new' | 'old') =>
  sql`case when ${sql.raw(row)}.assignee_id is null then 0 else 1 end`;

function sqliteAdjust(row: 'new' | 'old', delta: 1 | -1) {
  const r = sql.raw(row);
  return sql`insert into title_ranges (anchor, type, state, assigned, count)
      select ${bucketOf(sql`${r}.title`)}, ${r}.type, ${r}.state, ${assignedOf(row)}, ${sql.lit(delta)} where true
      on conflict (anchor, type, state, assigned) do update set count = title_ranges.count + excluded.count;`;
}

async function sqliteTriggers(db: Kysely<any>): Promise<void> {
  await sql`create trigger title_ranges_insert after insert on entries begin
    ${sqliteAdjust('new', 1)}
  end`.execute(db);
  await sql`create trigger title_ranges_update after update of title, type, state, assignee_id on entries
    when old.title is not new.title or old.type is not new.type or old.state is not new.state
      or (old.assignee_id is null) is not (new.assignee_id is null) begin
    ${sqliteAdjust('old', -1)}
    ${sqliteAdjust('new', 1)}
  end`.execute(db);
  await sql`create trigger title_ranges_delete after delete on entries begin
    ${sqliteAdjust('old', -1)}
  end`.execute(db);
}

async function postgresTriggers(db: Kysely<any>): Promise<void> {
  // As entry_ranges': each change one statement, its rows summed and in key order, so two writers
  // lock the counts in the same order. The housekeeping that moves an anchor locks the entries
  // against writes first, so a trigger never counts into a bucket being split.
  const rows = (row: 'new' | 'old', delta: 1 | -1) => {
    const r = sql.raw(row);
    return sql`(${bucketOf(sql`${r}.title`)}, ${r}.type, ${r}.state, ${assignedOf(row)}, ${sql.lit(delta)}::bigint)`;
  };
  const adjust = (values: ReturnType<typeof sql>) =>
    sql`insert into title_ranges (anchor, type, state, assigned, count)
        select anchor, type, state, assigned, sum(count)
        from (values ${values}) as c (anchor, type, state, assigned, count)
        group by anchor, type, state, assigned having sum(count) <> 0
        order by anchor, type, state, assigned
        on conflict (anchor, type, state, assigned) do update set count = title_ranges.count + excluded.count;`;
  await sql`create function title_ranges_count() returns trigger language plpgsql as $$
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
  await sql`create trigger title_ranges_write after insert or delete on entries
    for each row execute function title_ranges_count()`.execute(db);
  await sql`create trigger title_ranges_update after update of title, type, state, assignee_id on entries
    for each row when (old.title is distinct from new.title or old.type is distinct from new.type
      or old.state is distinct from new.state or (old.assignee_id is null) <> (new.assignee_id is null))
    execute function title_ranges_count()`.execute(db);
}
