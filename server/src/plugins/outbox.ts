import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { Database } from '../db/types.ts';
import { dispatchOutboxEvents, enqueuedEventCount, type OutboxConsumer } from '../features/outbox/service.ts';

type Options = {
  db: Kysely<Database>;
  consumers: readonly OutboxConsumer[];
  /** How long the loop sleeps when it found nothing to do. */
  pollMs: number;
};

/** One turn: dispatch available events to the consumers, then let each start what it has due. */
async function runOnce(options: Options, wake: () => void): Promise<boolean> {
  let busy = (await dispatchOutboxEvents(options.db, options.consumers)) > 0;
  for (const consumer of options.consumers) {
    if (consumer.work && (await consumer.work(wake))) busy = true;
  }
  return busy;
}

/**
 * The outbox worker of this instance: a loop started with the app that runs while there is work and
 * otherwise sleeps `pollMs`; a request that enqueued events wakes it as soon as it has answered (its
 * transaction has committed by then). Every instance runs one; they share the work through leases.
 */
async function outbox(app: FastifyInstance, options: Options): Promise<void> {
  let stopped = false;
  let wakeUp: (() => void) | undefined;
  let seen = enqueuedEventCount();
  let loop: Promise<void> = Promise.resolve();

  const wake = () => wakeUp?.();
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wakeUp = undefined;
        resolve();
      }
      wakeUp = done;
    });

  const run = async () => {
    while (!stopped) {
      let busy = false;
      try {
        busy = await runOnce(options, wake);
      } catch (error) {
        if (!stopped) app.log.error({ err: error }, 'outbox worker failed');
      }
      if (!busy && !stopped) await sleep(options.pollMs);
    }
  };

  app.addHook('onResponse', (request, _reply, done) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      const count = enqueuedEventCount();
      if (count !== seen) {
        seen = count;
        wake();
      }
    }
    done();
  });
  app.addHook('onReady', async () => {
    loop = run();
  });
  app.addHook('onClose', async () => {
    stopped = true;
    wake();
    await loop;
    // The database closes after this hook; deliveries in flight end first (each within its time-out).
    for (const consumer of options.consumers) await consumer.close?.();
  });
}

export default fp(outbox, { name: 'outbox' });
