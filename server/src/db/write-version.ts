// Whether this process wrote to its database since a moment: the public answers kept in memory
// (plugins/public-reads.ts) are good only while nothing was written. Every statement that may change
// rows counts, on SQLite (db/statement-cache.ts, as it runs: a statement there runs at once) and on
// PostgreSQL (db/pg-statements.ts, once its answer arrived, so a commit counts when it is visible).
// Reads count nothing. Another process's writes (another instance, a command) are not seen here.

/** Statements that begin or end a transaction, in SQLite's words and PostgreSQL's (`rollback to` ends none). */
export const TRANSACTION_START = /^\s*(begin|start\s+transaction)\b/i;
export const TRANSACTION_END = /^\s*(commit|end|abort|rollback)\b(?!\s+to\b)/i;
const SAVEPOINT = /^\s*(savepoint|release|rollback)\b/i;

let version = 0;

/** Counts a statement that may have changed rows: a write, a commit, a schema change. */
export function noteWrite(): void {
  version += 1;
}

/** A number that grows with every write this process made; equal twice, nothing was written between. */
export function writeVersion(): number {
  return version;
}

/**
 * One connection's rule for statements that may write: whether `text` moves the write version. A
 * write does. A transaction's control statements (begin, savepoint, release, commit, rollback)
 * change rows only by the writes in it: they count once a write ran since the last end there, and
 * its end counts once more, after the writes (they are visible from then on); a transaction that
 * only read (an idle poll, a locking claim) counts nothing.
 */
export function connectionWrites(): (text: string) => boolean {
  let written = false;
  return (text) => {
    if (!TRANSACTION_START.test(text) && !TRANSACTION_END.test(text) && !SAVEPOINT.test(text)) {
      written = true;
      return true;
    }
    if (!written) return false;
    if (TRANSACTION_END.test(text)) written = false;
    return true;
  };
}
