import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases, type TestDatabaseHandle } from '../../test/db.ts';
import {
  createDatabaseSpentTokenStore,
  createRedisSpentTokenStore,
  type SpentTokenStore,
} from './spent-tokens.ts';

const REDIS_URL = process.env['EINWURF_TEST_REDIS_URL'] ?? 'redis://127.0.0.1:6379';

const stores: [string, () => Promise<{ store: SpentTokenStore; close(): Promise<void> }>][] = [
  ...testDatabases().map(
    (target): [string, () => Promise<{ store: SpentTokenStore; close(): Promise<void> }>] => [
      `database (${target.name})`,
      async () => {
        const handle: TestDatabaseHandle = await target.create();
        return { store: createDatabaseSpentTokenStore(handle.db), close: () => handle.destroy() };
      },
    ],
  ),
  [
    'redis',
    async () => {
      const store = createRedisSpentTokenStore(REDIS_URL, `einwurf-test:${randomBytes(6).toString('hex')}:`);
      return { store, close: () => store.close() };
    },
  ],
];

describe.each(stores)('%s spent-token store', (_name, create) => {
  let store: SpentTokenStore;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ store, close } = await create());
  });
  afterAll(() => close());

  it('accepts a token once', async () => {
    const jti = randomBytes(16).toString('hex');
    const spent = await Promise.all([1, 2, 3].map(() => store.spend(jti, Date.now() + 60_000)));
    expect(spent.filter(Boolean)).toHaveLength(1);
    expect(await store.spend(jti, Date.now() + 60_000)).toBe(false);
    expect(await store.spend(randomBytes(16).toString('hex'), Date.now() + 60_000)).toBe(true);
  });
});

describe('redis spent-token store', () => {
  it('forgets a token when it expires', async () => {
    const store = createRedisSpentTokenStore(REDIS_URL, `einwurf-test:${randomBytes(6).toString('hex')}:`);
    try {
      expect(await store.spend('short', Date.now() + 50)).toBe(true);
      await new Promise((resolve) => setTimeout(resolve, 120));
      expect(await store.spend('short', Date.now() + 50)).toBe(true);
    } finally {
      await store.close();
    }
  });
});
