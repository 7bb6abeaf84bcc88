import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable, isStorageFull } from './errors.ts';

const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('isDatabaseUnavailable', () => {
  it.each([
    ['a refused connection', withCode('ECONNREFUSED')],
    ['a reset connection', withCode('ECONNRESET')],
    ['the pool giving up on a connection', new Error('timeout exceeded when trying to connect')],
    ['the client giving up on a connection', new Error('Connection terminated due to connection timeout')],
    ['the client giving up on an answer', new Error('Query read timeout')],
    ['a connection lost under a query', new Error('Connection terminated unexpectedly')],
    ['PostgreSQL cancelling at statement_timeout', withCode('57014')],
    ['PostgreSQL shutting down', withCode('57P01')],
    ['PostgreSQL refusing a connection', withCode('08006')],
    ['PostgreSQL out of connections', withCode('53300')],
    ['SQLite still busy', withCode('SQLITE_BUSY')],
    ['SQLite busy on a snapshot', withCode('SQLITE_BUSY_SNAPSHOT')],
  ])('holds %s for a dependency that is away', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ['a unique violation', withCode('23505')],
    ['a syntax error', withCode('42601')],
    ['a SQLite constraint', withCode('SQLITE_CONSTRAINT_UNIQUE')],
    ['an error of the code', new TypeError('x is undefined')],
    ['a thrown string', 'Query read timeout'],
  ])('holds %s for a fault of the request or the code', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});

describe('isStorageFull', () => {
  it.each([
    ['a full file system', withCode('ENOSPC')],
    ['a used-up quota', withCode('EDQUOT')],
    ['PostgreSQL out of disk', withCode('53100')],
    ['a full SQLite database', withCode('SQLITE_FULL')],
  ])('holds %s', (_name, error) => {
    expect(isStorageFull(error)).toBe(true);
  });

  it.each([
    ['a refused connection', withCode('ECONNREFUSED')],
    ['an error of the code', new TypeError('x')],
  ])('does not hold %s', (_name, error) => {
    expect(isStorageFull(error)).toBe(false);
  });
});
