import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from './test/app.ts';
import { testDatabases } from './test/db.ts';
import { insertTestEntry } from './test/entries.ts';
import { AUTHOR_PASSWORD, createEntryAsAuthor } from './test/pow.ts';

// Bounded, seeded fuzzing: mutated requests spread over every route of the OpenAPI document, as an
// anonymous visitor, an author and an admin, on both databases. No answer may be a 5xx or take
// longer than 5 s. The seed is fixed, so a failure names a request that fails again.

const REQUESTS_PER_DATABASE = 2_400;
const SLOW_MS = 5_000;

type Operation = {
  method: string;
  path: string;
  params: { in: string; name: string }[];
  hasBody: boolean;
};

type OpenApi = {
  paths: Record<
    string,
    Record<string, { parameters?: { in: string; name: string }[]; requestBody?: unknown }>
  >;
};

/** mulberry32: a small seeded generator, enough to pick mutations. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const ODD_STRINGS = [
  '',
  ' ',
  'a'.repeat(5000),
  '%',
  '%zz',
  '../../etc/passwd',
  '\u0000',
  '\uD800',
  '💥'.repeat(50),
  "' or 1=1 --",
  '<script>alert(1)</script>',
  '{"a":1}',
  '-1',
  '0',
  '1e309',
  '9'.repeat(40),
  'NaN',
  'true',
  'null',
  'type:is:article',
  'updated_at:desc',
  '2026-13-45T99:99:99Z',
  'javascript:alert(1)',
  '/api/v1/files/AAAAAAAAAAAAAAAAAAAAAA/x.png',
];

const ODD_VALUES: unknown[] = [
  null,
  true,
  -1,
  0,
  1.5,
  2 ** 53,
  -(2 ** 63),
  [],
  {},
  [null],
  { $gt: '' },
  { __proto__: { polluted: true } },
  ...ODD_STRINGS,
];

/** Percent-encodes; a lone surrogate becomes the bytes of one (invalid UTF-8), which a URL may carry. */
function encode(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return '%ED%A0%80';
  }
}

function pick<T>(next: () => number, list: readonly T[]): T {
  return list[Math.floor(next() * list.length)]!;
}

/** A JSON body shaped like the API's, with some values made odd. */
function oddBody(next: () => number, entryData: Record<string, unknown>): unknown {
  const roll = next();
  if (roll < 0.1) return pick(next, ODD_VALUES);
  const base: Record<string, unknown> = {
    username: 'fuzz-user',
    password: 'fuzz password 123',
    old_password: 'fuzz password 123',
    role: 'mod',
    cpt: 'article',
    article_id: entryData['id'],
    solution: '12',
    title: 'Titel',
    content: 'Text',
    name: 'neu.txt',
    url: 'https://example.org/hook',
    events: ['entry.published'],
    description: 'fuzz',
    enabled: true,
    data: { ...entryData },
  };
  const keys = Object.keys(base);
  const mutations = 1 + Math.floor(next() * 4);
  for (let i = 0; i < mutations; i += 1) {
    const key = pick(next, keys);
    const data = base['data'];
    if (key === 'data' && typeof data === 'object' && data !== null && !Array.isArray(data) && next() < 0.7) {
      const field = pick(next, [...Object.keys(data), 'state', 'publish_at', 'revision', 'image', 'x']);
      (data as Record<string, unknown>)[field] = pick(next, ODD_VALUES);
    } else if (next() < 0.15) {
      delete base[key];
    } else {
      base[key] = pick(next, ODD_VALUES);
    }
  }
  return base;
}

function operationsOf(spec: OpenApi): Operation[] {
  return Object.entries(spec.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      method: method.toUpperCase(),
      path,
      params: operation.parameters ?? [],
      hasBody: operation.requestBody !== undefined || ['POST', 'PUT', 'PATCH'].includes(method.toUpperCase()),
    })),
  );
}

describe.each(testDatabases())('fuzzing every route on $name', (target) => {
  let t: TestApp;
  let author: TestClient;
  let admin: TestClient;
  let entryId: string;
  let entryData: Record<string, unknown>;
  let publishedId: string;

  beforeAll(async () => {
    // The fuzzer sends from one address faster than any person: an author whose entry a mutation
    // deleted must still get a challenge to start another. The other quotas stay on (their 429s are 4xx).
    t = await createTestApp(target, { powChallengesPerMinute: 0 });
    author = await t.newClient();
    entryId = await createEntryAsAuthor(author);
    entryData = (await author.request({ method: 'GET', url: `/api/v1/anon/${entryId}` })).json<{
      data: Record<string, unknown>;
    }>().data;
    publishedId = (await insertTestEntry(t.database.db, { state: 'published' })).data.id;
    admin = await t.newClient();
    await admin.loginAs('admin');
  });
  afterAll(() => t.close());

  const logIn = async (client: TestClient) => {
    if (client === admin) {
      expect((await admin.loginAs('admin')).statusCode).toBe(200);
      return;
    }
    const response = await client.request({
      method: 'POST',
      url: '/api/v1/auth',
      payload: { cpt: 'article', article_id: entryId, password: AUTHOR_PASSWORD },
    });
    // A mutation deleted the author's entry: the author starts another.
    if (response.statusCode !== 200) entryId = await createEntryAsAuthor(client);
  };

  it(`answers ${REQUESTS_PER_DATABASE} mutated requests without a 5xx, each within 5 s`, async () => {
    const next = random(20261123);
    const operations = operationsOf((await t.app.openapi()) as unknown as OpenApi);
    expect(operations.length).toBeGreaterThan(30);
    const clients = [t, author, admin];
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    for (let i = 0; i < REQUESTS_PER_DATABASE; i += 1) {
      // Every route in turn, so each gets its share; the mutation is random.
      const operation = operations[i % operations.length]!;
      const client = clients[Math.floor(i / operations.length) % clients.length]!;
      const url =
        operation.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
          const roll = next();
          if (roll < 0.4) return name === 'id' ? (next() < 0.5 ? entryId : publishedId) : 'fuzz';
          return encode(pick(next, ODD_STRINGS)) || 'x';
        }) +
        (operation.params.some((p) => p.in === 'query') && next() < 0.8
          ? '?' +
            operation.params
              .filter((p) => p.in === 'query' && next() < 0.7)
              .map((p) => `${p.name}=${encode(pick(next, ODD_STRINGS))}`)
              .join('&')
          : '');
      const body = operation.hasBody ? oddBody(next, entryData) : undefined;
      const started = performance.now();
      const response = await client.request({
        method: operation.method as 'GET',
        url,
        ...(body !== undefined
          ? next() < 0.05
            ? { payload: '{"broken": ', headers: { 'content-type': 'application/json' } }
            : { payload: JSON.stringify(body), headers: { 'content-type': 'application/json' } }
          : {}),
      });
      const ms = performance.now() - started;
      statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
      // A mutation may log a client out (logout, a password change, another login): log in again.
      if (response.statusCode === 401 && client !== t) await logIn(client);
      if (response.statusCode >= 500 || ms > SLOW_MS) {
        failures.push(
          `#${i} ${operation.method} ${url} -> ${response.statusCode} in ${Math.round(ms)} ms ` +
            `${JSON.stringify(body)?.slice(0, 200)}: ${response.body.slice(0, 200)}`,
        );
      }
    }
    expect(failures).toEqual([]);
    // The mutations must reach the routes' logic, not bounce at the door: some succeed.
    const succeeded = [...statuses].filter(([status]) => status < 300).reduce((n, [, c]) => n + c, 0);
    expect(succeeded, JSON.stringify([...statuses])).toBeGreaterThan(REQUESTS_PER_DATABASE * 0.1);
  }, 300_000);
});
