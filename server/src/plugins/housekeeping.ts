import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { Database } from '../db/types.ts';
import { purgeDeletedEntries } from '../features/entries/service.ts';
import { removeEntryFiles, removeUnreferencedFiles } from '../features/files/service.ts';
import { forgetPurgedPublicEntries } from '../features/public/service.ts';
import { splitFullTitleRanges } from '../features/search/service.ts';
import type { FileStorage } from '../features/files/storage/types.ts';
import { MAIL_DELIVERY_KEEP_DAYS, purgeFinishedMail } from '../features/mail/service.ts';
import { OUTBOX_KEEP_DAYS, purgeDispatchedEvents } from '../features/outbox/service.ts';
import type { SpentTokenStore } from '../features/pow/spent-tokens.ts';
import { purgeFinishedDeliveries, WEBHOOK_DELIVERY_KEEP_DAYS } from '../features/webhooks/service.ts';

export const HOUSEKEEPING_INTERVAL_MS = 60 * 60_000;
/**
 * The first run waits this long after the start: the first requests (a health check, the traffic a
 * restart hands over) are answered at full speed rather than beside a purge of a large backlog,
 * whose batches would take half of the time.
 */
export const HOUSEKEEPING_START_DELAY_MS = 10_000;
const DAY_MS = 24 * 60 * 60_000;

type Options = {
  db: Kysely<Database>;
  spentTokens: SpentTokenStore;
  retentionDays: number;
  storage?: FileStorage;
  /** How long after the start the first run waits; HOUSEKEEPING_START_DELAY_MS unless given. */
  startDelayMs?: number;
};

/** Leftovers of interrupted uploads younger than this may still be an upload in progress. */
const SWEEP_AFTER_MS = DAY_MS;
/** A file its entry does not mention is kept this long: the author may still be editing unsaved. */
export const UNREFERENCED_FILE_DAYS = 7;

/**
 * Purges soft-deleted entries past the retention period with their files, and the public tombstones
 * of entries purged a retention period ago, files their entry has not mentioned for a week, expired
 * spent tokens, what crashed uploads left in storage, dispatched outbox events after a week and
 * finished webhook deliveries and the records of sent or given-up mails after a month; splits the
 * title order's buckets that writes have filled (the title list's pages by number read them).
 */
export async function runHousekeeping(options: Options, now = Date.now()): Promise<void> {
  const retainedFrom = now - options.retentionDays * DAY_MS;
  const purged = await purgeDeletedEntries(options.db, retainedFrom, now);
  // A purged entry that was public stays in the public list's `removed` for another retention period.
  await forgetPurgedPublicEntries(options.db, retainedFrom);
  const { storage } = options;
  if (storage) {
    for (const id of purged) await removeEntryFiles(storage, id);
    await removeUnreferencedFiles(options.db, storage, now - UNREFERENCED_FILE_DAYS * DAY_MS);
    await storage.sweep(now - SWEEP_AFTER_MS);
  }
  await options.spentTokens.purge(now);
  await purgeDispatchedEvents(options.db, now - OUTBOX_KEEP_DAYS * DAY_MS);
  await purgeFinishedDeliveries(options.db, now - WEBHOOK_DELIVERY_KEEP_DAYS * DAY_MS);
  await purgeFinishedMail(options.db, now - MAIL_DELIVERY_KEEP_DAYS * DAY_MS);
  await splitFullTitleRanges(options.db);
}

/**
 * Housekeeping shortly after the start and every hour from then; every instance may run it, the
 * deletes are idempotent.
 */
async function housekeeping(app: FastifyInstance, options: Options): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  let closed = false;
  const run = async () => {
    try {
      await runHousekeeping(options);
    } catch (error) {
      app.log.error({ err: error }, 'housekeeping failed');
    }
  };
  const schedule = (delay: number) => {
    if (closed) return;
    timer = setTimeout(() => {
      running = run().then(() => schedule(HOUSEKEEPING_INTERVAL_MS));
    }, delay);
    timer.unref();
  };
  // Not awaited: on a large database a run may take longer than a ready hook may, and the app serves
  // requests meanwhile.
  app.addHook('onReady', async () => {
    schedule(options.startDelayMs ?? HOUSEKEEPING_START_DELAY_MS);
  });
  app.addHook('onClose', async () => {
    closed = true;
    clearTimeout(timer);
    // The database closes after this hook; a run still going would fail against it.
    await running;
  });
}

export default fp(housekeeping, { name: 'housekeeping' });
