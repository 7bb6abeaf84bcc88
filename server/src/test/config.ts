import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig, parseDatabaseUrl, type AppConfig } from '../config.ts';

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const repoRoot = path.resolve(serverRoot, '..');

type TestConfigOverrides = Partial<Omit<AppConfig, 'database'>> & { databaseUrl?: string };

/** A complete config for tests in one line: `testConfig({ databaseUrl })`. */
export function testConfig(overrides: TestConfigOverrides = {}): AppConfig {
  const { databaseUrl, ...rest } = overrides;
  const base = loadConfig({ LOG_LEVEL: 'silent', EINWURF_DATA_DIR: path.join(repoRoot, 'data', 'test') });
  return Object.freeze({
    ...base,
    secret: randomBytes(32).toString('base64url'),
    webDist: path.join(serverRoot, 'test-no-web-dist'),
    // Challenges a test solves in a few tries.
    powDifficulty: 2,
    ...(databaseUrl !== undefined ? { database: parseDatabaseUrl(databaseUrl, process.cwd()) } : {}),
    ...rest,
  });
}
