import type { CompiledQuery, Kysely } from 'kysely';
import pg from 'pg';
import { vi } from 'vitest';
import { GroupCommitSqliteDriver } from '../db/group-commit.ts';
import type { Database } from '../db/types.ts';

/**
 * The statements `run` sends to the database, and what it answers: through Kysely, or at once on
 * SQLite's connection on this thread (db/group-commit.ts).
 */
export async function statementsSent<T>(
  db: Kysely<Database>,
  run: () => Promise<T>,
): Promise<{ sent: CompiledQuery[]; result: T }> {
  const executed = vi.spyOn(db, 'executeQuery');
  const atOnce = vi.spyOn(GroupCommitSqliteDriver.prototype, 'runAlone');
  try {
    const result = await run();
    const ranAtOnce = atOnce.mock.calls.filter((_, i) => atOnce.mock.results[i]?.value !== undefined);
    const sent = [...executed.mock.calls, ...ranAtOnce].map(([query]) => query as CompiledQuery);
    return { sent, result };
  } finally {
    executed.mockRestore();
    atOnce.mockRestore();
  }
}

/**
 * How PostgreSQL plans a statement the app's pool runs (a named one, db/pg-statements.ts): run
 * `times` on a connection of its own, how many times it used its generic plan and how many times it
 * planned for the values.
 */
export async function plansOf(
  url: string,
  statement: CompiledQuery,
  times = 10,
): Promise<{ generic: number; custom: number }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (let i = 0; i < times; i += 1) {
      await client.query({ name: 'planned', text: statement.sql, values: [...statement.parameters] });
    }
    const { rows } = await client.query<{ generic_plans: string; custom_plans: string }>(
      "select generic_plans, custom_plans from pg_prepared_statements where name = 'planned'",
    );
    return { generic: Number(rows[0]!.generic_plans), custom: Number(rows[0]!.custom_plans) };
  } finally {
    await client.end();
  }
}
