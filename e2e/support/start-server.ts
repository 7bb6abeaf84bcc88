// Starts the real server for the journeys: a fresh temporary data folder (SQLite, files, secret),
// the admin account of support/server.ts, and the web app built by `npm run build`.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { E2E_ADMIN, E2E_PORT } from './server.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'einwurf-e2e-'));
Object.assign(process.env, {
  PORT: String(E2E_PORT),
  HOST: '127.0.0.1',
  EINWURF_DATA_DIR: dataDir,
  DATABASE_URL: join(dataDir, 'einwurf.sqlite'),
  EINWURF_ADMIN_USERNAME: E2E_ADMIN.username,
  EINWURF_ADMIN_PASSWORD: E2E_ADMIN.password,
  // A light challenge keeps each created entry to a blink; the solver itself is measured in bench/.
  EINWURF_POW_DIFFICULTY: process.env.EINWURF_POW_DIFFICULTY ?? '8',
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  // The webhook journey's receiver listens on 127.0.0.1, which the server refuses by default.
  EINWURF_WEBHOOK_ALLOW_PRIVATE: 'true',
});
await import('../../server/src/main.ts');
