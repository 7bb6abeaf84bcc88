// PostgreSQL's unique_violation, and better-sqlite3's codes for a unique index and a primary key.
const UNIQUE_VIOLATIONS = new Set(['23505', 'SQLITE_CONSTRAINT_UNIQUE', 'SQLITE_CONSTRAINT_PRIMARYKEY']);

/** The error's string `code` (a driver's, PostgreSQL's SQLSTATE or Node's), if it has one. */
function codeOf(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { code } = error as { code?: unknown };
  return typeof code === 'string' ? code : undefined;
}

/** Tells whether the database refused a write because a unique key already holds its value. */
export function isUniqueViolation(error: unknown): boolean {
  return UNIQUE_VIOLATIONS.has(codeOf(error) ?? '');
}

/** Tells whether PostgreSQL refused a lock asked for with NOWAIT because another holds it (55P03). */
export function isLockNotAvailable(error: unknown): boolean {
  return codeOf(error) === '55P03';
}

// What pg says when it gives up waiting (its own errors carry no code): the pool's and the client's
// connect time-out, the client's read time-out, a connection lost under a query.
const PG_GIVE_UP_MESSAGES = [
  'timeout exceeded when trying to connect',
  'Connection terminated due to connection timeout',
  'Connection terminated unexpectedly',
  'Connection terminated',
  'Query read timeout',
];
// Node's socket errors when the server is away.
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
]);

// A full disk or quota: Node's file system errors, PostgreSQL's disk_full (53100), SQLite's full database.
const STORAGE_FULL_CODES = new Set(['ENOSPC', 'EDQUOT', '53100', 'SQLITE_FULL']);

/** Tells whether a write failed because the disk (of the files or of the database) is full. */
export function isStorageFull(error: unknown): boolean {
  return STORAGE_FULL_CODES.has(codeOf(error) ?? '');
}

/**
 * Tells whether a database call failed because the database is away or overloaded, not because of
 * what was asked: a refused or lost connection, a time-out, PostgreSQL cancelling a statement at
 * statement_timeout (57014), refusing connections (08xxx, 53300 too many, 57P0x shutting down), or
 * SQLite still locked after its busy timeout.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string') {
    if (code.startsWith('SQLITE_BUSY') || SOCKET_CODES.has(code)) return true;
    if (code === '57014' || code === '53300' || /^08...$/.test(code) || /^57P0[1-3]$/.test(code)) return true;
  }
  return typeof message === 'string' && PG_GIVE_UP_MESSAGES.includes(message);
}
