import { readdir, stat, statfs } from 'node:fs/promises';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { ENTRY_STATES, type EntryState, type HealthMetric, type HealthProblem } from '@einwurf/contract';
import { dialectOf } from '../../db/database.ts';
import type { Database } from '../../db/types.ts';
import type { RequestStats } from '../../plugins/metrics.ts';
import { VERSION } from '../../version.ts';
import { proposalStates } from '../entries/lifecycle.ts';
import { mailStatus } from '../mail/service.ts';
import { currentDifficulty } from '../pow/service.ts';
import * as repo from './repository.ts';

const PING_TIMEOUT_MS = 2000;
export const THRESHOLDS = {
  databaseSlowMs: 200,
  proposalWaitSeconds: 48 * 3600,
  diskLowBytes: 1_000_000_000,
  diskLowShare: 0.05,
  errorRate: 0.05,
} as const;

async function withTimeout<T>(promise: Promise<T>, fallback: T): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<T>((resolve) => {
    timer = setTimeout(() => resolve(fallback), PING_TIMEOUT_MS);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Whether the database answers a real query within two seconds. */
export async function isDatabaseHealthy(db: Kysely<Database>): Promise<boolean> {
  try {
    return await withTimeout(
      repo.pingDatabase(db).then(() => true),
      false,
    );
  } catch {
    return false;
  }
}

export type DependencyStatus = 'ok' | 'unavailable';
export type DependencyCheck = { status: DependencyStatus; latency_ms: number };
export type DependencyChecks = {
  database: DependencyCheck;
  redis?: DependencyCheck;
  storage: DependencyCheck;
};

/** Runs one check, bounded by its own time-out (abandoned, not awaited, past it). */
async function timedCheck(run: (signal: AbortSignal) => Promise<unknown>): Promise<DependencyCheck> {
  const started = performance.now();
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), PING_TIMEOUT_MS);
  });
  let ok: boolean;
  try {
    ok = await Promise.race([run(controller.signal).then(() => true), timeout]);
  } catch {
    ok = false;
  } finally {
    clearTimeout(timer);
    controller.abort();
  }
  return {
    status: ok ? 'ok' : 'unavailable',
    latency_ms: Number((performance.now() - started).toFixed(2)),
  };
}

/**
 * Checks each dependency the configuration uses, at once and each within two seconds: the database
 * (a real query), Redis when it holds counters or spent tokens (a PING), file storage (a write on
 * disk, a query for the database, HeadBucket for S3). `status` is unavailable when any check is.
 */
export async function checkDependencies(deps: {
  db: Kysely<Database>;
  storage: { check(signal?: AbortSignal): Promise<void> };
  redisPings: (() => Promise<void>)[];
}): Promise<{ status: DependencyStatus; checks: DependencyChecks }> {
  const [database, storage, redis] = await Promise.all([
    timedCheck(() => repo.pingDatabase(deps.db)),
    timedCheck((signal) => deps.storage.check(signal)),
    deps.redisPings.length > 0
      ? timedCheck(() => Promise.all(deps.redisPings.map((ping) => ping())))
      : undefined,
  ]);
  const checks: DependencyChecks = { database, ...(redis ? { redis } : {}), storage };
  const down = Object.values(checks).some((check) => check.status !== 'ok');
  return { status: down ? 'unavailable' : 'ok', checks };
}

/**
 * `run`, with the calls made while one runs answered by that one: a burst of health checks (the
 * route needs no login) makes one query and one storage write, not one each, and a slow database
 * never piles up the metrics' readings. A call after it has ended starts a new one, so a failing
 * dependency shows at the next check.
 */
export function sharedWhileRunning<T>(run: () => Promise<T>): () => Promise<T> {
  let running: Promise<T> | undefined;
  return () =>
    (running ??= run().finally(() => {
      running = undefined;
    }));
}

/** Bytes under a folder (0 when it does not exist); a file vanishing meanwhile counts as 0. */
async function folderSize(dir: string): Promise<number> {
  let total = 0;
  let items;
  try {
    items = await readdir(dir, { withFileTypes: true });
  } catch {
    return 0;
  }
  for (const item of items) {
    const full = path.join(dir, item.name);
    if (item.isDirectory()) total += await folderSize(full);
    else if (item.isFile())
      total += await stat(full).then(
        (s) => s.size,
        () => 0,
      );
  }
  return total;
}

/** Free and total bytes of the file system holding the folder (or its nearest existing parent). */
async function diskSpace(dir: string): Promise<{ free: number; total: number } | null> {
  for (let at = path.resolve(dir); ; at = path.dirname(at)) {
    try {
      const s = await statfs(at);
      return { free: s.bavail * s.bsize, total: s.blocks * s.bsize };
    } catch {
      if (path.dirname(at) === at) return null;
    }
  }
}

/**
 * The health page's figures: process, database (reachability, latency, size), entries per state,
 * the proposal queue, storage of the data folder, this instance's traffic, and the problems they show.
 */
export async function collectHealthMetric(
  db: Kysely<Database>,
  options: { dataDir: string; stats: RequestStats; now?: number; mailEnabled?: boolean },
): Promise<HealthMetric> {
  const now = options.now ?? Date.now();
  const problems: HealthProblem[] = [];
  const started = performance.now();
  const reachable = await isDatabaseHealthy(db);
  const latency = reachable ? Number((performance.now() - started).toFixed(2)) : null;
  const perState = Object.fromEntries(
    ENTRY_STATES.map((s) => [s, 0]),
  ) as HealthMetric['data']['entries_per_state'];
  let size: number | null = null;
  let oldest: number | null = null;
  if (reachable) {
    [size, oldest] = await Promise.all([
      repo.databaseSize(db),
      repo.oldestProposalUpdate(db, proposalStates()),
    ]);
    for (const { state, count } of await repo.countEntriesByState(db)) perState[state] = count;
  } else {
    problems.push('database_unreachable');
  }
  if (latency !== null && latency > THRESHOLDS.databaseSlowMs) problems.push('database_slow');
  const oldestAge = oldest === null ? null : Math.max(0, Math.round((now - oldest) / 1000));
  if (oldestAge !== null && oldestAge > THRESHOLDS.proposalWaitSeconds)
    problems.push('proposals_waiting_long');
  const [used, disk] = await Promise.all([folderSize(options.dataDir), diskSpace(options.dataDir)]);
  if (disk && (disk.free < THRESHOLDS.diskLowBytes || disk.free < disk.total * THRESHOLDS.diskLowShare)) {
    problems.push('disk_low');
  }
  const traffic = options.stats.recent(now);
  if (traffic.errorRate > THRESHOLDS.errorRate) problems.push('error_rate_high');
  const memory = process.memoryUsage();
  const deliveries = reachable ? await mailStatus(db) : { pending: 0, failed: 0 };
  return {
    data: {
      version: VERSION,
      uptime_seconds: Math.round(process.uptime()),
      memory: { rss_bytes: memory.rss, heap_used_bytes: memory.heapUsed },
      event_loop_delay_ms: options.stats.eventLoopDelayMs(),
      database: { kind: dialectOf(db), reachable, latency_ms: latency, size_bytes: size },
      entries_per_state: perState,
      proposals_waiting: proposalStates().reduce((sum, state) => sum + perState[state], 0),
      oldest_proposal_age_seconds: oldestAge,
      storage: { used_bytes: used, free_bytes: disk?.free ?? null },
      requests_per_minute: traffic.requestsPerMinute,
      error_rate: traffic.errorRate,
      mail: { enabled: options.mailEnabled ?? false, ...deliveries },
      problems,
    },
  };
}

/** What `/metrics` reports of the installation beside the process: read from the database, so every instance agrees. */
export type OperatorFigures = {
  entriesPerState: Record<EntryState, number>;
  proposalsWaiting: number;
  /** Seconds since the least recently updated waiting proposal changed; null when none waits. */
  oldestProposalAgeSeconds: number | null;
  /** The difficulty the next challenge gets. */
  powDifficultyBits: number;
  files: number;
  fileBytes: number;
  databaseSizeBytes: number;
  /** Outbox events due and not yet handed to the consumers. */
  outboxBacklog: number;
  webhookDeliveries: { pending: number; failed: number };
  mailDeliveries: { pending: number; failed: number };
};

/**
 * The figures of the health page that a scrape wants, and the proof-of-work difficulty, uploads and
 * backlogs beside them. Queries run one after another on one connection at a time, each cheap (entry
 * counts come from entry_counts); the caller bounds the whole by a time-out.
 */
export async function collectOperatorFigures(
  db: Kysely<Database>,
  settings: { powDifficulty: number; powRate: number },
  now = Date.now(),
): Promise<OperatorFigures> {
  const entriesPerState = Object.fromEntries(ENTRY_STATES.map((s) => [s, 0])) as Record<EntryState, number>;
  for (const { state, count } of await repo.countEntriesByState(db)) {
    if (state in entriesPerState) entriesPerState[state] = count;
  }
  const oldest = await repo.oldestProposalUpdate(db, proposalStates());
  const powDifficultyBits = await currentDifficulty(
    db,
    { base: settings.powDifficulty, ratePerMinute: settings.powRate },
    now,
  );
  const { files, bytes } = await repo.fileTotals(db);
  const databaseSizeBytes = await repo.databaseSize(db);
  const outboxBacklog = await repo.countDueOutboxEvents(db, now);
  const webhookDeliveries = await repo.countWebhookDeliveries(db);
  const mailDeliveries = await mailStatus(db);
  return {
    entriesPerState,
    proposalsWaiting: proposalStates().reduce((sum, state) => sum + entriesPerState[state], 0),
    oldestProposalAgeSeconds: oldest === null ? null : Math.max(0, Math.round((now - oldest) / 1000)),
    powDifficultyBits,
    files,
    fileBytes: bytes,
    databaseSizeBytes,
    outboxBacklog,
    webhookDeliveries,
    mailDeliveries,
  };
}
