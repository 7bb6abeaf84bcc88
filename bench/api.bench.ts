// Read-path latency of the API shell on SQLite: the entry-type list, the session check, liveness,
// and moderator logins (bounded by argon2id's deliberate cost). Loopback only, bounded counts.
import { logIn, measure, startServer, writeResult } from './support.ts';

const server = await startServer();
try {
  const get = (path: string) => async () => {
    const res = await fetch(server.baseUrl + path);
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`${path} answered ${res.status}`);
  };
  const results = {
    api_root: await measure(3000, 8, get('/api/v1/')),
    auth_state: await measure(3000, 8, get('/api/v1/auth')),
    healthz: await measure(3000, 8, get('/healthz')),
    login: await measure(40, 2, async () => {
      await logIn(server.baseUrl, { username: 'admin', password: 'bench-admin-password' });
    }),
  };
  writeResult('api', { database: 'sqlite', ...results });
} finally {
  await server.stop();
}
