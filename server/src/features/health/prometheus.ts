import { ENTRY_STATES } from '@einwurf/contract';
import { Gauge, type Registry } from 'prom-client';
import { sharedWhileRunning, type OperatorFigures } from './service.ts';

/** The longest a scrape waits for the database's figures; Prometheus' own scrape time-out is 10 s. */
export const FIGURES_TIMEOUT_MS = 2000;

type Reader = () => Promise<OperatorFigures>;

/**
 * One reading of the figures for all gauges of a scrape (prom-client collects every metric at once).
 * A reading still running when the next scrape comes is joined rather than doubled, so a slow
 * database never piles up queries; a scrape waits for it at most `timeoutMs`.
 */
function sharedReading(read: Reader, timeoutMs: number) {
  let last: OperatorFigures | undefined;
  let scrape: Promise<OperatorFigures | undefined> | undefined;
  const start = sharedWhileRunning(() => read().then((figures) => (last = figures)));
  const readBounded = async (): Promise<OperatorFigures | undefined> => {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<undefined>((resolve) => {
      timer = setTimeout(() => resolve(undefined), timeoutMs);
    });
    try {
      return await Promise.race([start(), timeout]);
    } catch {
      return undefined;
    } finally {
      clearTimeout(timer);
    }
  };
  return {
    /** This scrape's reading: undefined when the database did not answer in time or failed. */
    current(): Promise<OperatorFigures | undefined> {
      if (scrape === undefined) {
        scrape = readBounded();
        // prom-client calls every gauge's collect() in one synchronous loop: they all get this
        // reading, and the next scrape starts its own.
        queueMicrotask(() => {
          scrape = undefined;
        });
      }
      return scrape;
    },
    last: () => last,
  };
}

/**
 * Registers the installation's figures as gauges read at scrape time (`einwurf_*`). When the
 * database does not answer within the time-out, `einwurf_database_up` is 0 and the other gauges keep
 * the last values read (none before the first), rather than failing the whole scrape.
 */
export function registerOperatorMetrics(
  registry: Registry,
  read: Reader,
  timeoutMs: number = FIGURES_TIMEOUT_MS,
): void {
  const reading = sharedReading(read, timeoutMs);
  const gauge = <L extends string>(
    name: string,
    help: string,
    set: (g: Gauge<L>, figures: OperatorFigures) => void,
    labelNames: readonly L[] = [],
  ) =>
    new Gauge<L>({
      name,
      help,
      labelNames,
      registers: [registry],
      async collect() {
        await reading.current();
        const figures = reading.last();
        if (figures) set(this, figures);
      },
    });

  new Gauge({
    name: 'einwurf_database_up',
    help: `1 when the database answered this scrape's figures within ${timeoutMs} ms, else 0 (the einwurf_* gauges then keep their last values)`,
    registers: [registry],
    async collect() {
      this.set((await reading.current()) === undefined ? 0 : 1);
    },
  });
  gauge(
    'einwurf_entries',
    'Entries per state (deleted ones until they are purged)',
    (g, f) => {
      for (const state of ENTRY_STATES) g.set({ state }, f.entriesPerState[state]);
    },
    ['state'],
  );
  gauge('einwurf_proposals_waiting', 'Entries waiting for a moderation decision', (g, f) =>
    g.set(f.proposalsWaiting),
  );
  gauge(
    'einwurf_oldest_proposal_age_seconds',
    'Seconds since the longest-waiting proposal last changed (0 when none waits)',
    (g, f) => g.set(f.oldestProposalAgeSeconds ?? 0),
  );
  gauge('einwurf_pow_difficulty_bits', 'Proof-of-work difficulty the next challenge gets, in bits', (g, f) =>
    g.set(f.powDifficultyBits),
  );
  gauge('einwurf_files', 'Uploaded files the entries hold', (g, f) => g.set(f.files));
  gauge('einwurf_file_bytes', 'Bytes of the uploaded files as uploaded (renditions not counted)', (g, f) =>
    g.set(f.fileBytes),
  );
  gauge('einwurf_database_size_bytes', "The database's size on disk", (g, f) => g.set(f.databaseSizeBytes));
  gauge('einwurf_outbox_backlog', 'Outbox events due and not yet handed to webhooks and mail', (g, f) =>
    g.set(f.outboxBacklog),
  );
  gauge(
    'einwurf_webhook_deliveries',
    'Webhook deliveries by state: pending (waiting for an attempt) or failed (given up)',
    (g, f) => {
      g.set({ state: 'pending' }, f.webhookDeliveries.pending);
      g.set({ state: 'failed' }, f.webhookDeliveries.failed);
    },
    ['state'],
  );
  gauge(
    'einwurf_mail_deliveries',
    'Notification mails by state: pending (waiting to be sent) or failed (given up)',
    (g, f) => {
      g.set({ state: 'pending' }, f.mailDeliveries.pending);
      g.set({ state: 'failed' }, f.mailDeliveries.failed);
    },
    ['state'],
  );
}
