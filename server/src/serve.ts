import { buildApp } from './app.ts';
import { boxed } from './text.ts';
import { ConfigError, loadConfig, prepareDataDir } from './config.ts';
import { createDatabase } from './db/database.ts';
import { isUpToDate, migrateToLatest } from './db/migrate.ts';
import { CHECKPOINT_THREAD_DELAY_MS } from './db/sqlite-connection.ts';
import { ContentTypeError } from './features/content-types/service.ts';
import { ensureFirstAdmin } from './features/users/service.ts';
import { appAddress, logStreamFor } from './log.ts';
import { shutDown } from './shutdown.ts';

async function main(): Promise<void> {
  const config = await prepareDataDir(loadConfig(process.env));
  const db = createDatabase(config.database, config.databaseTimeouts, {
    sqliteWorkers: config.sqliteWorkers,
    checkpointThreadDelayMs: CHECKPOINT_THREAD_DELAY_MS,
  });
  if (config.database.dialect === 'sqlite') {
    await migrateToLatest(db);
  } else if (!(await isUpToDate(db))) {
    // Migrations may take longer than a request's bound: pending ones run on a pool of their own.
    const migrationDb = createDatabase(config.database);
    try {
      await migrateToLatest(migrationDb);
    } finally {
      await migrationDb.destroy();
    }
  }
  const admin = await ensureFirstAdmin(db, {
    username: config.adminUsername,
    password: config.adminPassword,
  });
  if (admin.created && admin.generatedPassword !== undefined) {
    process.stdout.write(
      boxed([
        'Einwurf: first admin account created. This password is shown only once.',
        '',
        `  username: ${admin.user.username}`,
        `  password: ${admin.generatedPassword}`,
        '',
        'Change it after logging in, or with: npx einwurf user passwd ' + admin.user.username,
      ]) + '\n',
    );
  }

  const logStream = logStreamFor(config.logFormat);
  const app = await buildApp(config, { db, ...(logStream ? { logStream } : {}) });
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal, graceSeconds: config.shutdownGrace }, 'shutting down');
    process.exit(await shutDown(app, config.shutdownGrace, () => db.destroy()));
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const url = appAddress(config.host, typeof address === 'object' && address ? address.port : config.port);
  app.log.info(`Einwurf is running at ${url}`);
}

main().catch((error: unknown) => {
  const expected = error instanceof ConfigError || error instanceof ContentTypeError;
  const message = error instanceof ConfigError ? `configuration error: ${error.message}` : String(error);
  process.stderr.write(`einwurf: ${message}\n`);
  if (!expected && error instanceof Error && error.stack) {
    process.stderr.write(error.stack + '\n');
  }
  process.exit(1);
});
