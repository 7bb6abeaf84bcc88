// Whether this process wrote to its database since a moment: the public answers kept in memory
// (plugins/public-reads.ts) are good only while nothing was written. Every statement that may change
// rows counts, on SQLite (db/statement-cache.ts, as it runs: a statement there runs at once) and on
// PostgreSQL (db/pg-statements.ts, once its answer arrived, so a commit counts when it is visible).
// Reads count nothing. Another process's writes (another instance, a command) are not seen here.

let version = 0;

/** Counts a statement that may have changed rows: a write, a commit, a schema change. */
export function noteWrite(): void {
  version += 1;
}

/** A number that grows with every write this process made; equal twice, nothing was written between. */
export function writeVersion(): number {
  return version;
}
