import { join } from 'node:path';
import fastifyCookie from '@fastify/cookie';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyInstance, type FastifyPluginAsync, type FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { API_BASE } from '@einwurf/contract';
import type { AppConfig } from './config.ts';
import { createDatabase } from './db/database.ts';
import type { Database } from './db/types.ts';
import type { Clock } from './time.ts';
import { authRoutes } from './features/auth/routes.ts';
import { createOidcClient } from './features/oidc/client.ts';
import { oidcRoutes } from './features/oidc/routes.ts';
import { contentTypeRoutes } from './features/content-types/routes.ts';
import {
  CONTENT_TYPES_CHECKED_MARK,
  loadContentTypes,
  type ContentTypes,
} from './features/content-types/service.ts';
import { authorCommentRoutes, moderationCommentRoutes } from './features/comments/routes.ts';
import { dashboardRoutes } from './features/dashboard/routes.ts';
import { moderationEntryRoutes } from './features/entries/moderation-routes.ts';
import { auditRoutes } from './features/audit/routes.ts';
import { exportRoutes } from './features/export/routes.ts';
import { authorEntryRoutes } from './features/entries/routes.ts';
import { fileRoutes } from './features/files/routes.ts';
import { createConfiguredStorage, type FileStorage } from './features/files/storage/index.ts';
import { healthMetricRoutes, healthRoutes } from './features/health/routes.ts';
import { secondFactorRoutes } from './features/second-factor/routes.ts';
import { collectOperatorFigures } from './features/health/service.ts';
import { userRoutes } from './features/users/routes.ts';
import { settingsRoutes } from './features/mail/routes.ts';
import { createMailConsumer } from './features/mail/service.ts';
import { createSmtpTransport, type MailTransport } from './features/mail/transport.ts';
import { powRoutes } from './features/pow/routes.ts';
import {
  createDatabaseSpentTokenStore,
  createRedisSpentTokenStore,
  type SpentTokenStore,
} from './features/pow/spent-tokens.ts';
import { publicRoutes } from './features/public/routes.ts';
import {
  databaseSecrets,
  fixedSecrets,
  SECRET_REFRESH_MS,
  type SecretRing,
} from './features/secrets/service.ts';
import { readerRoutes } from './features/reader/routes.ts';
import type { OutboxConsumer } from './features/outbox/service.ts';
import { revisionRoutes } from './features/revisions/routes.ts';
import { replyTemplateRoutes } from './features/reply-templates/routes.ts';
import { webhookRoutes } from './features/webhooks/routes.ts';
import { createWebhookSender } from './features/webhooks/sender.ts';
import { createWebhookConsumer } from './features/webhooks/service.ts';
import compression from './plugins/compression.ts';
import csrf from './plugins/csrf.ts';
import errorHandler from './plugins/error-handler.ts';
import housekeeping from './plugins/housekeeping.ts';
import metrics from './plugins/metrics.ts';
import openapi from './plugins/openapi.ts';
import outbox from './plugins/outbox.ts';
import { publicAnswers, publicEntryUrl } from './plugins/public-reads.ts';
import { createMemoryRateLimiter, createRedisRateLimiter, type RateLimiter } from './plugins/rate-limit.ts';
import securityHeaders from './plugins/security-headers.ts';
import sessions from './plugins/sessions.ts';
import storableText from './plugins/storable-text.ts';
import unreadBodies from './plugins/unread-bodies.ts';
import { webApp } from './plugins/web-app.ts';
import { lazyChildLogger, OneLinePerRequest } from './log.ts';
import { lazyCompilers } from './lazy-compilers.ts';
import { requestValidatorCompiler } from './request-validator.ts';
import { closeConnectionsWhenClosing } from './shutdown.ts';
import { VERSION } from './version.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    db: Kysely<Database>;
    limiter: RateLimiter;
    storage: FileStorage;
    /** The secret that signs CSRF tokens and challenges, and those that still verify. */
    secrets: SecretRing;
    /** The app's clock (epoch ms): what is visible when, and the time of changes. Tests move it. */
    now: Clock;
    /** Whether notification mails go out (EINWURF_SMTP_URL, or a transport a test gave). */
    mailEnabled: boolean;
    /** Compiles the route schemas no request has needed yet (they compile at first use). */
    compileSchemas: () => void;
  }
}

export type AppDeps = {
  /** A database the caller owns (and closes); otherwise the app opens one from the config. */
  db?: Kysely<Database>;
  /** A rate limiter the caller owns; otherwise Redis when REDIS_URL is set, else in memory. */
  limiter?: RateLimiter;
  /** A spent proof-of-work token store the caller owns; otherwise Redis when REDIS_URL is set, else the database. */
  spentTokens?: SpentTokenStore;
  contentTypes?: ContentTypes;
  /** Where file content goes; otherwise the FILE_STORAGE the config names. */
  storage?: FileStorage;
  /** Extra routes under /api/v1, registered with the others (tests add protected probes here). */
  apiPlugins?: FastifyPluginAsync[];
  /** The signing secrets; otherwise EINWURF_SECRET, else the database's. */
  secrets?: SecretRing;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: { write(line: string): void };
  /** Sends notification mails instead of SMTP from the config (tests). */
  mailTransport?: MailTransport;
  /** The clock scheduled publications are held to; Date.now unless a test moves time. */
  now?: Clock;
  /** How long after the start housekeeping first runs; HOUSEKEEPING_START_DELAY_MS unless a test says. */
  housekeepingStartDelayMs?: number;
};

export const JSON_BODY_LIMIT = 1024 * 1024;

const REDACT = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-csrf-token"]',
  'res.headers["set-cookie"]',
  'res.headers["x-csrf-token"]',
  ...['password', 'old_password', 'password_repeat', 'token', 'solution'].flatMap((f) => [
    f,
    `*.${f}`,
    `body.${f}`,
    `req.body.${f}`,
  ]),
];

const CONTENT_SECURITY_POLICY = {
  useDefaults: false,
  directives: {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    // Mantine injects style elements at run time.
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'"],
    workerSrc: ["'self'", 'blob:'],
    frameSrc: ['https://www.youtube-nocookie.com', 'https://player.vimeo.com'],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
  },
};

/**
 * What the log keeps of a request: method, URL, host; the client's address and port only when the
 * operator turns EINWURF_LOG_CLIENT_ADDRESS on (contributors are anonymous). Rate limits keep
 * addresses only in memory or Redis, for their window.
 */
function requestSerializer(withAddress: boolean) {
  return (request: FastifyRequest) => ({
    method: request.method,
    url: request.url,
    host: request.host,
    ...(withAddress ? { remoteAddress: request.ip, remotePort: request.socket.remotePort } : {}),
  });
}

/** Builds the whole HTTP app from a config; returns it ready for `inject()` or `listen()`. */
export async function buildApp(config: AppConfig, deps: AppDeps = {}): Promise<FastifyInstance> {
  const contentTypes =
    deps.contentTypes ??
    (await loadContentTypes(config.contentTypesDir, {
      checkedMark: join(config.dataDir, CONTENT_TYPES_CHECKED_MARK),
    }));
  const compilers = lazyCompilers();
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: { paths: REDACT, censor: '[redacted]' },
      serializers: { req: requestSerializer(config.logClientAddress) },
      ...(deps.logStream ? { stream: deps.logStream } : {}),
    },
    trustProxy: config.trustProxy,
    bodyLimit: JSON_BODY_LIMIT,
    return503OnClosing: true,
    logController: new OneLinePerRequest(),
    childLoggerFactory: lazyChildLogger,
    // Long path parameters reach the route schemas (400 in the API's error shape), not the router's 414.
    routerOptions: { maxParamLength: 2048 },
    schemaController: { compilersFactory: { buildSerializer: compilers.buildSerializer } },
  }).withTypeProvider<TypeBoxTypeProvider>();
  app.setValidatorCompiler(compilers.validator(requestValidatorCompiler));
  app.decorate('compileSchemas', compilers.compileAll);

  const ownsDb = deps.db === undefined;
  const db =
    deps.db ??
    createDatabase(config.database, config.databaseTimeouts, { sqliteWorkers: config.sqliteWorkers });
  const ownsLimiter = deps.limiter === undefined;
  const limiter =
    deps.limiter ??
    (config.redisUrl
      ? createRedisRateLimiter(config.redisUrl, `${config.redisPrefix}rl:`, config.redisTimeouts)
      : createMemoryRateLimiter());
  const ownsSpentTokens = deps.spentTokens === undefined;
  const spentTokens =
    deps.spentTokens ??
    (config.redisUrl
      ? createRedisSpentTokenStore(config.redisUrl, `${config.redisPrefix}pow:`, config.redisTimeouts)
      : createDatabaseSpentTokenStore(db));
  const storage = deps.storage ?? createConfiguredStorage(config, db);
  app.decorate('config', config);
  app.decorate('storage', storage);
  app.decorate('db', db);
  app.decorate('limiter', limiter);
  app.decorate('now', deps.now ?? Date.now);
  app.decorate('publicAnswers', publicAnswers());
  const mailTransport =
    deps.mailTransport ??
    (config.smtpUrl !== undefined && config.mailFrom !== undefined
      ? createSmtpTransport(config.smtpUrl, config.mailFrom)
      : undefined);
  app.decorate('mailEnabled', mailTransport !== undefined);
  // The signing secret: EINWURF_SECRET, else the one every instance keeps in the database.
  const secrets =
    deps.secrets ??
    (config.secret !== undefined
      ? fixedSecrets(config.secret, config.previousSecret)
      : await databaseSecrets(db, { dataDir: config.dataDir }));
  app.decorate('secrets', secrets);
  // A rotation by another instance or the CLI reaches this one within half a minute.
  const refreshSecrets = setInterval(() => {
    secrets.refresh().catch((error: unknown) => app.log.warn({ err: error }, 'secrets not refreshed'));
  }, SECRET_REFRESH_MS);
  refreshSecrets.unref();
  app.addHook('onClose', async () => {
    clearInterval(refreshSecrets);
    if (ownsLimiter) await limiter.close();
    if (ownsSpentTokens) await spentTokens.close();
    if (ownsDb) await db.destroy();
  });

  // The client sends a JSON content type on every request, bodiless POSTs (logout) included.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  // The API speaks JSON; other bodies get 415 (the upload routes alone take multipart).
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    parseJson(request, text, done);
  });

  await app.register(errorHandler);
  closeConnectionsWhenClosing(app);
  await app.register(storableText);
  await app.register(unreadBodies);
  await app.register(compression);
  await app.register(securityHeaders, { contentSecurityPolicy: CONTENT_SECURITY_POLICY });
  await app.register(fastifyCookie);
  await app.register(csrf, { secrets });
  await app.register(sessions, { db, secondFactorRequired: config.staffSecondFactor === 'required' });
  await app.register(metrics, { token: config.metricsToken });
  if (app.metrics.registry) {
    const { registerOperatorMetrics } = await import('./features/health/prometheus.ts');
    registerOperatorMetrics(app.metrics.registry, () =>
      collectOperatorFigures(db, { powDifficulty: config.powDifficulty, powRate: config.powRate }),
    );
  }
  await app.register(housekeeping, {
    db,
    spentTokens,
    storage,
    retentionDays: config.retentionDays,
    ...(deps.housekeepingStartDelayMs === undefined ? {} : { startDelayMs: deps.housekeepingStartDelayMs }),
  });
  const webhookSender = () =>
    createWebhookSender({ timeoutMs: config.webhookTimeoutMs, allowPrivate: config.webhookAllowPrivate });
  const pingSender = webhookSender();
  app.addHook('onClose', () => pingSender.close());
  const consumers: OutboxConsumer[] = [
    createWebhookConsumer({
      db,
      sender: webhookSender(),
      retryScheduleMs: config.webhookRetryScheduleMs,
      disableAfterMs: config.webhookDisableAfterMs,
      timeoutMs: config.webhookTimeoutMs,
      // Without a known public address there is no absolute URL to send; the id is in the data.
      entryUrl: (id) =>
        config.publicUrl !== undefined || config.publicEntryUrl !== undefined
          ? publicEntryUrl(config, config.publicUrl ?? '', id)
          : undefined,
      log: app.log,
    }),
  ];
  if (mailTransport) {
    consumers.push(
      createMailConsumer({
        db,
        transport: mailTransport,
        origin: config.publicUrl ?? `http://localhost:${config.port}`,
        digestHour: config.mailDigestHour,
        retryScheduleMs: config.mailRetryScheduleMs,
        now: () => app.now(),
        log: app.log,
      }),
    );
  }
  await app.register(outbox, { db, consumers, pollMs: config.outboxPollMs });
  await app.register(openapi, {
    openapi: {
      openapi: '3.0.3',
      info: { title: 'Einwurf API', version: VERSION },
      servers: [{ url: '/' }],
    },
  });

  await app.register(
    async (api) => {
      await api.register(contentTypeRoutes, { contentTypes });
      await api.register(publicRoutes, { contentTypes });
      const oidc = config.oidc === undefined ? undefined : createOidcClient(config.oidc);
      await api.register(authRoutes, { oidc });
      await api.register(oidcRoutes, { oidc });
      await api.register(powRoutes, { contentTypes, spentTokens });
      await api.register(authorEntryRoutes, { contentTypes });
      await api.register(authorCommentRoutes);
      await api.register(dashboardRoutes);
      await api.register(moderationEntryRoutes, { contentTypes });
      await api.register(moderationCommentRoutes);
      await api.register(revisionRoutes, { contentTypes });
      await api.register(exportRoutes, { contentTypes });
      await api.register(userRoutes, { mailEnabled: app.mailEnabled });
      await api.register(secondFactorRoutes, { required: config.staffSecondFactor === 'required' });
      await api.register(settingsRoutes);
      await api.register(webhookRoutes, { sender: pingSender });
      await api.register(auditRoutes);
      await api.register(replyTemplateRoutes);
      await api.register(healthMetricRoutes);
      await api.register(fileRoutes, { contentTypes, storage });
      for (const plugin of deps.apiPlugins ?? []) await api.register(plugin);
      api.get('/openapi.json', { schema: { hide: true } }, () => app.openapi());
    },
    { prefix: API_BASE },
  );
  await app.register(readerRoutes, { contentTypes });
  await app.register(healthRoutes, { spentTokens });
  await app.register(webApp, { webDist: config.webDist });

  await app.ready();
  return app;
}
