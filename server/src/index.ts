export { buildApp, type AppDeps } from './app.ts';
export { loadConfig, prepareDataDir, ConfigError, type AppConfig, type Config } from './config.ts';
export { createDatabase } from './db/database.ts';
export { migrateToLatest } from './db/migrate.ts';
export type { Database } from './db/types.ts';
