import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql, type Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createDatabase } from './database.ts';
import { CHECKPOINT_MS, checkpointOnThread, openSqlite } from './sqlite-connection.ts';

const dirs: string[] = [];
const closers: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function scratchFile(): string {
  const dir = mkdtempSync(join(tmpdir(), 'einwurf-checkpoints-'));
  dirs.push(dir);
  return join(dir, 'einwurf.sqlite');
}

/** About a megabyte of rows, in the write-ahead log until a checkpoint copies them into the file. */
function fill(run: (statement: string) => void): void {
  run('create table notes (id integer primary key, body blob not null)');
  for (let i = 0; i < 16; i += 1) run(`insert into notes (body) values (randomblob(65536))`);
}

const sizeOf = (file: string) => statSync(file).size;

async function until(condition: () => boolean, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (!condition() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
  return condition();
}

describe('checkpoints of the server-thread SQLite connection', () => {
  it("copy the log into the file on a thread of their own, while the server's thread is busy", async () => {
    const file = scratchFile();
    const db = createDatabase({ dialect: 'sqlite', path: file }) as unknown as Kysely<object>;
    closers.push(() => db.destroy());
    const statements: string[] = [];
    fill((statement) => statements.push(statement));
    for (const statement of statements) await sql.raw(statement).execute(db);
    const before = sizeOf(file);
    // This thread runs no timer while it spins: a checkpoint now is another thread's.
    const spinUntil = Date.now() + CHECKPOINT_MS * 4;
    while (Date.now() < spinUntil && sizeOf(file) < before + 1_000_000) {
      // busy
    }
    expect(sizeOf(file)).toBeGreaterThan(before + 1_000_000);
  });

  it("are the writer's own on this thread until the thread starts", async () => {
    const file = scratchFile();
    const writer = openSqlite(file, { writer: true });
    // The thread starts after the test: every checkpoint the test sees is the writer's.
    const stop = checkpointOnThread(file, writer, { delayMs: 60_000 });
    closers.push(() => {
      stop();
      writer.close();
    });
    fill((statement) => writer.exec(statement));
    const before = sizeOf(file);
    expect(await until(() => sizeOf(file) > before + 1_000_000, CHECKPOINT_MS * 20)).toBe(true);
  });

  it('fall back to the writer on this thread when the thread cannot open the file', async () => {
    const file = scratchFile();
    const writer = openSqlite(file, { writer: true });
    fill((statement) => writer.exec(statement));
    const before = sizeOf(file);
    const stop = checkpointOnThread(join(file, 'no', 'such', 'folder.sqlite'), writer);
    closers.push(() => {
      stop();
      writer.close();
    });
    expect(await until(() => sizeOf(file) > before + 1_000_000, CHECKPOINT_MS * 20)).toBe(true);
  });
});
