// Transactions on one SQLite connection that commit together. A commit writes every page the
// transaction changed to the write-ahead log, one write per page: for an author's save about 19
// pages and 90 µs, a third of what SQLite does for it, and most of those pages (index nodes, the
// full-text index's structure, the counts) are the same pages the next save changes again. Here a
// transaction's end leaves its changes in one SQLite transaction kept open until the event loop
// turns, so the transactions of the other requests read in the same turn join it (each in a
// savepoint of its own, so one that fails takes back its changes alone), and one commit ends them
// all; each caller hears of its commit only once that commit has run. A statement outside a
// transaction commits the open group first, so it reads only what is committed.
import {
  CompiledQuery,
  SelectQueryNode,
  type DatabaseConnection,
  type Driver,
  type QueryResult,
} from 'kysely';
import { runQuery, type CachingSqliteDatabase } from './statement-cache.ts';

/** The most transactions one commit ends; the ones after them start the next. */
export const GROUP_MAX_MEMBERS = 64;
/** How long a group stays open at most (ms): its first caller waits no longer for its commit. */
export const GROUP_MAX_MS = 10;

const MEMBER = 'einwurf_group_member';

type Waiter = { resolve(value: void): void; reject(error: unknown): void };

/**
 * Hands one SQLite connection to one holder at a time (a transaction from its start to its end, or
 * one statement) and groups the commits of transactions that follow one another. `run` runs a
 * statement without parameters on the connection.
 */
export class GroupCommit {
  readonly #run: (sql: string) => void;
  readonly #now: () => number;
  readonly #queue: (() => void)[] = [];
  #held = false;
  /** Whether a group's SQLite transaction is open. */
  #open = false;
  #openedAt = 0;
  /** The callers of the transactions the open group holds, waiting for its commit. */
  #members: Waiter[] = [];
  /** Whether a commit of the open group waits for the event loop's turn. */
  #scheduled = false;

  constructor(run: (sql: string) => void, now: () => number = () => performance.now()) {
    this.#run = run;
    this.#now = now;
  }

  /** Whether no holder has the connection (none waits then either). */
  get free(): boolean {
    return !this.#held;
  }

  /** Waits for the connection; `release` gives it back. */
  hold(): Promise<void> {
    if (!this.#held) {
      this.#held = true;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.#queue.push(resolve));
  }

  /**
   * Gives the connection back, to the next holder if one waits. The open group commits now when it
   * is full or old, else once the event loop has turned (the transactions of the requests read in
   * this turn join it first) or before a statement outside a transaction, whichever comes first.
   */
  release(): void {
    if (this.#open && this.#isFull()) this.#commitGroup();
    const next = this.#queue.shift();
    if (next !== undefined) {
      next();
      return;
    }
    this.#held = false;
    if (this.#open && !this.#scheduled) {
      this.#scheduled = true;
      setImmediate(() => {
        this.#scheduled = false;
        // A holder that kept the connection past the turn commits the group when it gives it back.
        if (this.#open && !this.#held) this.#commitGroup();
      });
    }
  }

  #isFull(): boolean {
    return this.#members.length >= GROUP_MAX_MEMBERS || this.#now() - this.#openedAt >= GROUP_MAX_MS;
  }

  /** Before a statement outside a transaction: what it reads or writes is what is committed. */
  settle(): void {
    if (this.#open) this.#commitGroup();
  }

  /** Starts the holder's transaction, in the open group or a new one; a failed start gives the connection back. */
  begin(): void {
    try {
      if (!this.#open) {
        this.#run('begin');
        this.#open = true;
        this.#openedAt = this.#now();
      }
      this.#run(`savepoint ${MEMBER}`);
    } catch (error) {
      this.release();
      throw error;
    }
  }

  /**
   * Ends the holder's transaction as part of the group and gives the connection back; answers once
   * the group's commit has run (and fails as it failed: then none of the group's changes was kept).
   */
  commit(): Promise<void> {
    const committed = new Promise<void>((resolve, reject) => {
      try {
        this.#run(`release ${MEMBER}`);
        this.#members.push({ resolve, reject });
      } catch (error) {
        // Its changes are not kept with the others'.
        this.#takeBack();
        reject(error);
      }
    });
    this.release();
    return committed;
  }

  /** Takes back the holder's changes alone (the group's others stay) and gives the connection back. */
  rollback(): void {
    try {
      this.#takeBack();
    } finally {
      this.release();
    }
  }

  #takeBack(): void {
    this.#run(`rollback to ${MEMBER}`);
    this.#run(`release ${MEMBER}`);
  }

  #commitGroup(): void {
    const members = this.#members;
    this.#members = [];
    this.#open = false;
    try {
      this.#run('commit');
    } catch (error) {
      // SQLite leaves a transaction whose commit failed open (a full disk): nothing of it is kept.
      try {
        this.#run('rollback');
      } catch {
        // already ended
      }
      for (const member of members) member.reject(error);
      return;
    }
    for (const member of members) member.resolve();
  }
}

/** A savepoint a transaction makes inside its own (Kysely's `savepoint()`), by its quoted name. */
export async function savepointCommand(
  connection: DatabaseConnection,
  command: 'savepoint' | 'rollback to' | 'release',
  name: string,
): Promise<void> {
  await connection.executeQuery(CompiledQuery.raw(`${command} "${name.replaceAll('"', '""')}"`));
}

type Holding = 'statement' | 'member' | 'released';

/** One use of the connection by Kysely: statements outside a transaction, or one transaction. */
class GroupConnection implements DatabaseConnection {
  readonly #database: CachingSqliteDatabase;
  readonly #group: GroupCommit;
  holding: Holding = 'statement';

  constructor(database: CachingSqliteDatabase, group: GroupCommit) {
    this.#database = database;
    this.#group = group;
  }

  executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    if (this.holding !== 'member') this.#group.settle();
    return Promise.resolve(runQuery(this.#database, query));
  }

  async *streamQuery<R>(query: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    if (!SelectQueryNode.is(query.query)) {
      throw new Error('Sqlite driver only supports streaming of select queries');
    }
    if (this.holding !== 'member') this.#group.settle();
    for (const row of this.#database.prepare(query.sql).iterate(query.parameters)) {
      yield { rows: [row as R] };
    }
  }
}

/**
 * Kysely's SqliteDriver for a caching connection (db/statement-cache.ts), with the commits of
 * transactions that follow one another grouped (`GroupCommit`).
 */
export class GroupCommitSqliteDriver implements Driver {
  readonly #database: CachingSqliteDatabase;
  readonly #group: GroupCommit;

  constructor(database: CachingSqliteDatabase) {
    this.#database = database;
    this.#group = new GroupCommit((sql) => void database.prepare(sql).run([]));
  }

  async init(): Promise<void> {}

  /**
   * Runs a statement outside a transaction at once when no holder has the connection, as acquiring
   * the connection, running the statement and giving the connection back would, without their
   * promises; undefined when a holder has it (the statement then waits its turn through Kysely).
   */
  runAlone<R>(query: CompiledQuery): QueryResult<R> | undefined {
    if (!this.#group.free) return undefined;
    this.#group.settle();
    return runQuery(this.#database, query);
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    await this.#group.hold();
    return new GroupConnection(this.#database, this.#group);
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    const held = connection as GroupConnection;
    // A failed start gives the connection back.
    held.holding = 'released';
    this.#group.begin();
    held.holding = 'member';
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    const held = connection as GroupConnection;
    held.holding = 'released';
    await this.#group.commit();
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    const held = connection as GroupConnection;
    // After a failed commit there is nothing left to take back: the group's commit rolled back.
    if (held.holding !== 'member') return;
    held.holding = 'released';
    this.#group.rollback();
  }

  async savepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await savepointCommand(connection, 'savepoint', name);
  }

  async rollbackToSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await savepointCommand(connection, 'rollback to', name);
  }

  async releaseSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await savepointCommand(connection, 'release', name);
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    const held = connection as GroupConnection;
    if (held.holding === 'statement') this.#group.release();
    held.holding = 'released';
  }

  async destroy(): Promise<void> {
    this.#group.settle();
    this.#database.close();
  }
}
