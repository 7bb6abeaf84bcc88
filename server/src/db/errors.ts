// PostgreSQL's unique_violation, and better-sqlite3's codes for a unique index and a primary key.
const UNIQUE_VIOLATIONS = new Set(['23505', 'SQLITE_CONSTRAINT_UNIQUE', 'SQLITE_CONSTRAINT_PRIMARYKEY']);

/** Tells whether the database refused a write because a unique key already holds its value. */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code } = error as { code?: unknown };
  return typeof code === 'string' && UNIQUE_VIOLATIONS.has(code);
}
