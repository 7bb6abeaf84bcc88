import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp, type AppDeps } from '../app.ts';
import type { AppConfig } from '../config.ts';
import { testConfig } from './config.ts';
import { createUser } from '../features/users/service.ts';
import type { TestDatabase, TestDatabaseHandle } from './db.ts';

/** One browser: its own cookies and CSRF token. */
export type TestClient = {
  /** Sends a request carrying the cookies collected so far and, on non-GETs, the CSRF token. */
  request(options: InjectOptions): Promise<LightMyRequestResponse>;
  /** Creates an account and logs this client in with it. */
  loginAs(role: 'mod' | 'admin', username?: string): Promise<LightMyRequestResponse>;
  cookies: Map<string, string>;
  /** The CSRF token the last answer carried, for requests sent over a real connection. */
  csrfToken(): string | undefined;
};

export type TestApp = TestClient & {
  app: FastifyInstance;
  database: TestDatabaseHandle;
  /** Another browser on the same app and database. */
  newClient(): Promise<TestClient>;
  close(): Promise<void>;
};

export const TEST_PASSWORD = 'correct horse battery';

/** A browser on an app built by the test itself. */
export async function createClient(app: FastifyInstance, database: TestDatabaseHandle): Promise<TestClient> {
  const cookies = new Map<string, string>();
  let csrfToken: string | undefined;

  const request = async (options: InjectOptions) => {
    const headers: Record<string, string> = { ...(options.headers as Record<string, string>) };
    if (cookies.size > 0 && headers['cookie'] === undefined) {
      headers['cookie'] = [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    }
    if (options.method !== 'GET' && csrfToken && headers['x-csrf-token'] === undefined) {
      headers['x-csrf-token'] = csrfToken;
    }
    const response = await app.inject({ ...options, headers });
    for (const cookie of response.cookies) {
      const expired = cookie.expires !== undefined && cookie.expires.getTime() <= Date.now();
      if (expired || cookie.value === '') cookies.delete(cookie.name);
      else cookies.set(cookie.name, cookie.value);
    }
    const token = response.headers['x-csrf-token'];
    if (typeof token === 'string') csrfToken = token;
    return response;
  };
  // A first GET collects the CSRF cookie and token, as the web app does at start.
  await request({ method: 'GET', url: '/api/v1/auth' });

  return {
    request,
    cookies,
    csrfToken: () => csrfToken,
    async loginAs(role, username = `${role}${Math.random().toString(36).slice(2, 8)}`) {
      await createUser(database.db, { username, role, password: TEST_PASSWORD });
      return request({ method: 'POST', url: '/api/v1/auth', payload: { username, password: TEST_PASSWORD } });
    },
  };
}

/** A client of a freshly built app on a fresh database; it keeps cookies like a browser. */
export async function createTestApp(
  target: TestDatabase,
  config: Partial<AppConfig> = {},
  deps: AppDeps = {},
): Promise<TestApp> {
  const database = await target.create();
  // Housekeeping runs at once, as tests expect of a start, not in the middle of a later test.
  const app = await buildApp(testConfig(config), { db: database.db, housekeepingStartDelayMs: 0, ...deps });
  const client = await createClient(app, database);
  return {
    ...client,
    app,
    database,
    newClient: () => createClient(app, database),
    async close() {
      await app.close();
      await database.destroy();
    },
  };
}

/**
 * A test app whose own background work (housekeeping, the outbox) waits an hour, so that it writes to
 * its database only when the test does: the public answers kept in memory end at any write of the process.
 */
export function createQuietTestApp(target: TestDatabase, deps: AppDeps = {}): Promise<TestApp> {
  const hour = 3_600_000;
  return createTestApp(target, { outboxPollMs: hour }, { housekeepingStartDelayMs: hour, ...deps });
}
