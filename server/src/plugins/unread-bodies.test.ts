import type { FastifyPluginAsync } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.ts';
import { sqliteTarget } from '../test/db.ts';

// An answer sent before the request's body was read drains a small body and keeps the connection;
// a request without a body has nothing to drain, even when answered in the turn it arrived in.

const atOnce: FastifyPluginAsync = async (app) => {
  app.route({
    method: ['GET', 'POST'],
    url: '/probe/at-once',
    // Answered before any body could be read, as an answer kept in memory is.
    onRequest: (_request, reply, done) => {
      void reply.send({ answered: 'at once' });
      done();
    },
    handler: async () => ({ answered: 'by the handler' }),
  });
};

describe('answers sent before the body was read', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(sqliteTarget(), {}, { apiPlugins: [atOnce] });
  });
  afterAll(() => t.close());

  it('keep the connection of a request without a body', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/probe/at-once' });
    expect(response.json()).toEqual({ answered: 'at once' });
    expect(response.headers['connection']).not.toBe('close');
  });

  it('keep the connection of a small body, and close one past the drain limit', async () => {
    const small = await t.app.inject({
      method: 'POST',
      url: '/api/v1/probe/at-once',
      headers: { 'content-type': 'application/json' },
      payload: '{"a":1}',
    });
    expect(small.headers['connection']).not.toBe('close');
    const large = await t.app.inject({
      method: 'POST',
      url: '/api/v1/probe/at-once',
      headers: { 'content-type': 'application/json', 'content-length': String(2 * 1024 * 1024) },
      payload: '{"a":1}',
    });
    expect(large.headers['connection']).toBe('close');
  });
});
