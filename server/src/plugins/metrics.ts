import { createHash, timingSafeEqual } from 'node:crypto';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Registry } from 'prom-client';
import { AppError } from '../errors.ts';

const MINUTE_MS = 60_000;
export const STATS_WINDOW_MINUTES = 5;

/** This instance's recent traffic, for the health page; every instance counts its own. */
export type RequestStats = {
  /** Requests per minute and the share of 5xx answers over the last five minutes. */
  recent(now?: number): { requestsPerMinute: number; errorRate: number };
  /** The event loop's p99 delay in ms since the previous call. */
  eventLoopDelayMs(): number;
  /** Counts one answer (the onResponse hook does; tests may too). */
  count(statusCode: number, now?: number): void;
};

/**
 * The app's own Prometheus registry and the counters features add to as things happen. Without a
 * metrics token nothing can read them: then there is no registry, the counters count nothing, and
 * prom-client (with its OpenTelemetry dependency) is never loaded.
 */
export type AppMetrics = {
  /** Where features register the gauges they collect at scrape time; undefined without a token. */
  readonly registry: Registry | undefined;
  /** Proof-of-work challenges solved and turned into an entry, on this instance. */
  readonly powSolves: { inc(): void };
  /** Refused logins on this instance: `account` moderation or author, `reason` invalid_credentials, second_factor_invalid or rate_limited. */
  readonly loginFailures: { inc(labels: { account: string; reason: string }): void };
};

declare module 'fastify' {
  interface FastifyInstance {
    requestStats: RequestStats;
    metrics: AppMetrics;
  }
}

function createRequestStats(startedAt: number): RequestStats & { close(): void } {
  // Per-minute buckets: minute number -> [answers, 5xx answers].
  const buckets = new Map<number, [number, number]>();
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  return {
    count(statusCode, now = Date.now()) {
      const minute = Math.floor(now / MINUTE_MS);
      const bucket = buckets.get(minute) ?? [0, 0];
      bucket[0] += 1;
      if (statusCode >= 500) bucket[1] += 1;
      buckets.set(minute, bucket);
      for (const key of buckets.keys()) if (key <= minute - STATS_WINDOW_MINUTES) buckets.delete(key);
    },
    recent(now = Date.now()) {
      const minute = Math.floor(now / MINUTE_MS);
      let answers = 0;
      let failures = 0;
      for (const [key, [a, f]] of buckets) {
        if (key > minute - STATS_WINDOW_MINUTES) {
          answers += a;
          failures += f;
        }
      }
      const minutes = Math.min(STATS_WINDOW_MINUTES, Math.max(1, (now - startedAt) / MINUTE_MS));
      return {
        requestsPerMinute: Number((answers / minutes).toFixed(2)),
        errorRate: answers === 0 ? 0 : Number((failures / answers).toFixed(4)),
      };
    },
    eventLoopDelayMs() {
      const p99 = delay.count > 0 ? delay.percentile(99) / 1e6 : 0;
      delay.reset();
      return Number(p99.toFixed(2));
    },
    close() {
      delay.disable();
    },
  };
}

const BEARER = /^Bearer +(\S+) *$/i;

/** Compares digests, so neither the token's length nor its first differing byte shows in the timing. */
function isTokenRight(expected: string, given: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(expected), digest(given));
}

/**
 * `/metrics` answers only a scraper with the configured token. Without one configured it answers
 * 404: figures of an installation (its queue, its login failures) are not for the public, so an
 * operator opts in.
 */
function checkScraper(token: string | undefined, request: FastifyRequest): void {
  if (token === undefined) {
    throw new AppError('NOT_FOUND', 'no route for GET /metrics (set EINWURF_METRICS_TOKEN to open it)');
  }
  const given = BEARER.exec(request.headers.authorization ?? '')?.[1];
  if (given === undefined || !isTokenRight(token, given)) {
    throw new AppError(
      'UNAUTHENTICATED',
      given === undefined ? 'metrics token missing' : 'metrics token wrong',
      undefined,
      { 'WWW-Authenticate': 'Bearer realm="einwurf-metrics"' },
    );
  }
}

/** Prometheus metrics with a registry of this app's own, so many apps can live in one process. */
async function metrics(app: FastifyInstance, options: { token: string | undefined }): Promise<void> {
  const stats = createRequestStats(Date.now());
  app.decorate('requestStats', stats);
  app.addHook('onClose', async () => stats.close());
  // The health page's figures count with or without a scraper.
  app.addHook('onResponse', (_request, reply, done) => {
    stats.count(reply.statusCode);
    done();
  });

  if (options.token === undefined) {
    app.decorate('metrics', { registry: undefined, powSolves: { inc() {} }, loginFailures: { inc() {} } });
    app.get('/metrics', { schema: { hide: true } }, async (request) => checkScraper(options.token, request));
    return;
  }

  const { collectDefaultMetrics, Counter, Histogram, Registry } = await import('prom-client');
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const labelNames = ['method', 'route', 'status_code'] as const;
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered',
    labelNames,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer an HTTP request',
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });

  const loginFailures = new Counter({
    name: 'einwurf_login_failures_total',
    help: 'Refused logins on this instance, by account (moderation, author) and reason (invalid_credentials, second_factor_invalid, rate_limited)',
    labelNames: ['account', 'reason'] as const,
    registers: [registry],
  });
  // Every series from the start at 0, so rate() and increase() see the first failure.
  for (const account of ['moderation', 'author']) {
    for (const reason of ['invalid_credentials', 'second_factor_invalid', 'rate_limited'])
      loginFailures.inc({ account, reason }, 0);
  }
  app.decorate('metrics', {
    registry,
    powSolves: new Counter({
      name: 'einwurf_pow_solves_total',
      help: 'Proof-of-work challenges solved and redeemed for a new entry on this instance',
      registers: [registry],
    }),
    loginFailures,
  });

  app.addHook('onResponse', (request, reply, done) => {
    // The route pattern, never the raw URL: raw URLs would make one series per entry id.
    const labels = {
      method: request.method,
      route: request.routeOptions.url ?? 'unmatched',
      status_code: String(reply.statusCode),
    };
    requests.inc(labels);
    duration.observe(labels, reply.elapsedTime / 1000);
    done();
  });

  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    checkScraper(options.token, request);
    reply.header('cache-control', 'no-store');
    reply.type(registry.contentType);
    return registry.metrics();
  });
}

export default fp(metrics, { name: 'metrics' });
