import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { Database } from '../db/types.ts';
import { purgeDeletedEntries } from '../features/entries/service.ts';
import type { SpentTokenStore } from '../features/pow/spent-tokens.ts';

export const HOUSEKEEPING_INTERVAL_MS = 60 * 60_000;
const DAY_MS = 24 * 60 * 60_000;

type Options = { db: Kysely<Database>; spentTokens: SpentTokenStore; retentionDays: number };

/** Purges soft-deleted entries past the retention period and expired spent tokens. */
export async function runHousekeeping(options: Options, now = Date.now()): Promise<void> {
  await purgeDeletedEntries(options.db, now - options.retentionDays * DAY_MS);
  await options.spentTokens.purge(now);
}

/** Housekeeping at start and every hour; every instance may run it, the deletes are idempotent. */
async function housekeeping(app: FastifyInstance, options: Options): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const run = async () => {
    try {
      await runHousekeeping(options);
    } catch (error) {
      app.log.error({ err: error }, 'housekeeping failed');
    }
  };
  app.addHook('onReady', async () => {
    await run();
    timer = setInterval(run, HOUSEKEEPING_INTERVAL_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
  });
}

export default fp(housekeeping, { name: 'housekeeping' });
