import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../errors.ts';

// Text a database cannot store is refused before any route sees it: PostgreSQL's text and jsonb hold
// no NUL character (SQLite would, and the two must answer alike). A path parameter, query parameter,
// JSON field or JSON key holding one answers 400 VALIDATION_FAILED naming it.

const MESSAGE = 'must not contain NUL characters';

/** The slash path (`data/title`) of the first string or key in `value` that holds a NUL, if any. */
export function nulPathOf(value: unknown, base = ''): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? base : undefined;
  if (value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return undefined;
  const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : Object.entries(value);
  for (const [key, item] of entries) {
    const path = base === '' ? key : `${base}/${key}`;
    if (key.includes('\u0000')) return path;
    const found = nulPathOf(item, path);
    if (found !== undefined) return found;
  }
  return undefined;
}

function refuseNul(request: FastifyRequest): void {
  for (const part of [request.params, request.query, request.body]) {
    const field = nulPathOf(part);
    if (field === undefined) continue;
    const name = field === '' ? 'body' : field;
    throw new AppError('VALIDATION_FAILED', `${name}: ${MESSAGE}`, [
      { field: name, keyword: 'nul', message: MESSAGE },
    ]);
  }
}

export default fp(
  async (app: FastifyInstance) => {
    app.addHook('preValidation', async (request) => refuseNul(request));
  },
  { name: 'storable-text' },
);
