import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_ALLOWED_EXTENSIONS, defaultSqliteWorkers, loadConfig, prepareDataDir } from './config.ts';
import { testConfig } from './test/config.ts';

describe('loadConfig', () => {
  it('gives a frozen config with the documented defaults', () => {
    const config = loadConfig({}, '/srv/einwurf');
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      dataDir: '/srv/einwurf/data',
      database: { dialect: 'sqlite', path: '/srv/einwurf/data/einwurf.sqlite' },
      fileStorage: 'disk',
      redisUrl: undefined,
      redisPrefix: 'einwurf:',
      adminUsername: 'admin',
      adminPassword: undefined,
      secret: undefined,
      powDifficulty: 16,
      powRate: 30,
      authorSessionTtl: 14_400,
      retentionDays: 30,
      shutdownGrace: 10,
      maxFileSize: 10_000_000,
      maxImagePixels: 40_000_000,
      allowedExtensions: [...DEFAULT_ALLOWED_EXTENSIONS],
      sessionTtl: 28_800,
      trustProxy: false,
      logClientAddress: false,
      auditClientAddress: false,
      publicUrl: undefined,
      publicEntryUrl: undefined,
      logLevel: 'info',
      logFormat: 'auto',
    });
    expect(config.webDist).toMatch(/web[/\\]dist$/);
    expect(config.contentTypesDir).toMatch(/content-types$/);
    expect(Object.isFrozen(config)).toBe(true);
  });

  it('reads every database URL form', () => {
    const db = (url: string) => loadConfig({ DATABASE_URL: url }, '/srv').database;
    expect(db('sqlite:db/x.sqlite')).toEqual({ dialect: 'sqlite', path: '/srv/db/x.sqlite' });
    expect(db('sqlite:///abs/x.sqlite')).toEqual({ dialect: 'sqlite', path: '/abs/x.sqlite' });
    expect(db('/abs/y.sqlite')).toEqual({ dialect: 'sqlite', path: '/abs/y.sqlite' });
    expect(db(':memory:')).toEqual({ dialect: 'sqlite', path: ':memory:' });
    expect(db('postgres://u@h:5432/d')).toEqual({ dialect: 'postgres', url: 'postgres://u@h:5432/d' });
    expect(db('postgresql://u@h/d')).toEqual({ dialect: 'postgres', url: 'postgresql://u@h/d' });
  });

  it('reads the public URL as an origin', () => {
    expect(loadConfig({ EINWURF_PUBLIC_URL: 'https://Einwurf.Example/' }).publicUrl).toBe(
      'https://einwurf.example',
    );
    expect(loadConfig({ EINWURF_PUBLIC_URL: 'http://localhost:8080' }).publicUrl).toBe(
      'http://localhost:8080',
    );
  });

  it('reads the public entry URL template', () => {
    const template = 'https://example.org/news/{id}?from=einwurf';
    expect(loadConfig({ EINWURF_PUBLIC_ENTRY_URL: template }).publicEntryUrl).toBe(template);
  });

  it('reads the webhook settings as durations, with the Standard Webhooks schedule by default', () => {
    const defaults = loadConfig({});
    expect(defaults).toMatchObject({
      webhookAllowPrivate: false,
      webhookTimeoutMs: 10_000,
      webhookDisableAfterMs: 5 * 86_400_000,
      outboxPollMs: 1000,
    });
    expect(defaults.webhookRetryScheduleMs).toEqual([
      5000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000,
    ]);
    const set = loadConfig({
      EINWURF_WEBHOOK_ALLOW_PRIVATE: 'true',
      EINWURF_WEBHOOK_TIMEOUT: '2.5s',
      EINWURF_WEBHOOK_DISABLE_AFTER: '12h',
      EINWURF_WEBHOOK_RETRY_SCHEDULE: '500ms, 1m,30',
      EINWURF_OUTBOX_POLL_INTERVAL: '250ms',
    });
    expect(set).toMatchObject({
      webhookAllowPrivate: true,
      webhookTimeoutMs: 2500,
      webhookDisableAfterMs: 43_200_000,
      outboxPollMs: 250,
    });
    expect(set.webhookRetryScheduleMs).toEqual([500, 60_000, 30_000]);
  });

  it('reads the quotas, with the documented defaults; 0 lifts a rate', () => {
    expect(loadConfig({})).toMatchObject({
      maxFilesPerEntry: 50,
      maxBytesPerEntry: 100_000_000,
      authorCommentsPerHour: 20,
      savesPerMinutePerSession: 60,
      savesPerMinutePerClient: 120,
      uploadsPerMinutePerSession: 30,
      uploadsPerMinutePerClient: 60,
      powChallengesPerMinute: 30,
    });
    expect(
      loadConfig({
        EINWURF_MAX_FILES_PER_ENTRY: '5',
        EINWURF_MAX_BYTES_PER_ENTRY: '1000',
        EINWURF_AUTHOR_COMMENTS_PER_HOUR: '0',
        EINWURF_SAVES_PER_MINUTE: '2',
        EINWURF_CLIENT_SAVES_PER_MINUTE: '3',
        EINWURF_UPLOADS_PER_MINUTE: '4',
        EINWURF_CLIENT_UPLOADS_PER_MINUTE: '6',
        EINWURF_POW_CHALLENGES_PER_MINUTE: '7',
      }),
    ).toMatchObject({
      maxFilesPerEntry: 5,
      maxBytesPerEntry: 1000,
      authorCommentsPerHour: 0,
      savesPerMinutePerSession: 2,
      savesPerMinutePerClient: 3,
      uploadsPerMinutePerSession: 4,
      uploadsPerMinutePerClient: 6,
      powChallengesPerMinute: 7,
    });
  });

  it('normalises the extension list', () => {
    const config = loadConfig({ EINWURF_ALLOWED_EXTENSIONS: ' .PNG, pdf ,png,' });
    expect(config.allowedExtensions).toEqual(['png', 'pdf']);
  });

  it.each([
    ['PORT', 'eighty', /PORT: must be a whole number/],
    ['PORT', '70000', /PORT: must be between 0 and 65535/],
    ['EINWURF_POW_DIFFICULTY', '0', /EINWURF_POW_DIFFICULTY: must be between 1 and 63/],
    ['EINWURF_POW_DIFFICULTY', '64', /EINWURF_POW_DIFFICULTY/],
    ['EINWURF_MAX_FILE_SIZE', '-1', /EINWURF_MAX_FILE_SIZE/],
    ['EINWURF_MAX_IMAGE_PIXELS', '0', /EINWURF_MAX_IMAGE_PIXELS/],
    ['EINWURF_MAX_FILES_PER_ENTRY', '0', /EINWURF_MAX_FILES_PER_ENTRY: must be between 1/],
    ['EINWURF_MAX_BYTES_PER_ENTRY', '10MB', /EINWURF_MAX_BYTES_PER_ENTRY: must be a whole number/],
    ['EINWURF_AUTHOR_COMMENTS_PER_HOUR', '-1', /EINWURF_AUTHOR_COMMENTS_PER_HOUR/],
    ['EINWURF_SAVES_PER_MINUTE', 'many', /EINWURF_SAVES_PER_MINUTE/],
    ['EINWURF_CLIENT_SAVES_PER_MINUTE', '1.5', /EINWURF_CLIENT_SAVES_PER_MINUTE/],
    ['EINWURF_UPLOADS_PER_MINUTE', '2000000', /EINWURF_UPLOADS_PER_MINUTE: must be between 0/],
    ['EINWURF_CLIENT_UPLOADS_PER_MINUTE', 'x', /EINWURF_CLIENT_UPLOADS_PER_MINUTE/],
    ['EINWURF_POW_CHALLENGES_PER_MINUTE', '-3', /EINWURF_POW_CHALLENGES_PER_MINUTE/],
    ['EINWURF_SESSION_TTL', '1.5', /EINWURF_SESSION_TTL/],
    ['EINWURF_POW_RATE', '0', /EINWURF_POW_RATE: must be between 1/],
    ['EINWURF_AUTHOR_SESSION_TTL', '10', /EINWURF_AUTHOR_SESSION_TTL/],
    ['EINWURF_RETENTION_DAYS', 'soon', /EINWURF_RETENTION_DAYS/],
    ['EINWURF_SHUTDOWN_GRACE', '0', /EINWURF_SHUTDOWN_GRACE: must be between 1/],
    ['FILE_STORAGE', 'ftp', /FILE_STORAGE: must be one of disk, database, s3/],
    ['LOG_LEVEL', 'loud', /LOG_LEVEL: must be one of/],
    ['LOG_FORMAT', 'text', /LOG_FORMAT: must be one of auto, pretty, json/],
    ['EINWURF_TRUST_PROXY', 'maybe', /EINWURF_TRUST_PROXY: must be true or false/],
    ['EINWURF_PUBLIC_URL', 'einwurf.example', /EINWURF_PUBLIC_URL: must be an http/],
    ['EINWURF_PUBLIC_URL', 'ftp://einwurf.example', /EINWURF_PUBLIC_URL/],
    ['EINWURF_PUBLIC_URL', 'https://einwurf.example/publish', /EINWURF_PUBLIC_URL/],
    ['EINWURF_PUBLIC_ENTRY_URL', 'https://example.org/news/', /EINWURF_PUBLIC_ENTRY_URL: must be/],
    ['EINWURF_PUBLIC_ENTRY_URL', '/news/{id}', /EINWURF_PUBLIC_ENTRY_URL/],
    ['EINWURF_PUBLIC_ENTRY_URL', 'https://x.example/{id}/{id}', /EINWURF_PUBLIC_ENTRY_URL/],
    ['DATABASE_URL', 'mysql://h/d', /DATABASE_URL/],
    ['DATABASE_URL', 'sqlite:', /DATABASE_URL/],
    ['REDIS_URL', 'localhost:6379', /REDIS_URL/],
    ['EINWURF_REDIS_PREFIX', 'my prefix:', /EINWURF_REDIS_PREFIX: must be/],
    ['EINWURF_DB_CONNECT_TIMEOUT', '3s', /EINWURF_DB_CONNECT_TIMEOUT: must be a whole number/],
    ['EINWURF_DB_CONNECT_TIMEOUT', '0', /EINWURF_DB_CONNECT_TIMEOUT: must be between 100/],
    ['EINWURF_DB_QUERY_TIMEOUT', '-5', /EINWURF_DB_QUERY_TIMEOUT/],
    ['EINWURF_DB_IDLE_TIMEOUT', '10', /EINWURF_DB_IDLE_TIMEOUT: must be between 1000/],
    ['EINWURF_REDIS_CONNECT_TIMEOUT', 'never', /EINWURF_REDIS_CONNECT_TIMEOUT/],
    ['EINWURF_REDIS_COMMAND_TIMEOUT', '99', /EINWURF_REDIS_COMMAND_TIMEOUT: must be between 100/],
    ['EINWURF_ALLOWED_EXTENSIONS', 'png,a/b', /EINWURF_ALLOWED_EXTENSIONS/],
    ['EINWURF_ADMIN_USERNAME', 'ad', /EINWURF_ADMIN_USERNAME/],
    ['EINWURF_ADMIN_PASSWORD', 'short', /EINWURF_ADMIN_PASSWORD/],
    ['EINWURF_SECRET', 'tiny', /EINWURF_SECRET/],
    ['EINWURF_WEBHOOK_ALLOW_PRIVATE', 'sometimes', /EINWURF_WEBHOOK_ALLOW_PRIVATE: must be true or false/],
    ['EINWURF_WEBHOOK_TIMEOUT', 'soon', /EINWURF_WEBHOOK_TIMEOUT: must be a duration/],
    ['EINWURF_WEBHOOK_TIMEOUT', '10ms', /EINWURF_WEBHOOK_TIMEOUT: must be between/],
    ['EINWURF_WEBHOOK_DISABLE_AFTER', '5 weeks', /EINWURF_WEBHOOK_DISABLE_AFTER/],
    ['EINWURF_WEBHOOK_RETRY_SCHEDULE', '5s,,5m', /EINWURF_WEBHOOK_RETRY_SCHEDULE/],
    ['EINWURF_OUTBOX_POLL_INTERVAL', '1ms', /EINWURF_OUTBOX_POLL_INTERVAL/],
    ['EINWURF_METRICS_TOKEN', 'short-token', /EINWURF_METRICS_TOKEN: must be at least 16/],
    ['EINWURF_METRICS_TOKEN', 'sixteen chars but spaced', /EINWURF_METRICS_TOKEN/],
  ])('refuses %s=%s naming the variable', (name, value, message) => {
    expect(() => loadConfig({ [name]: value })).toThrow(message);
  });

  it('keeps /metrics closed unless a metrics token is set', () => {
    expect(loadConfig({}).metricsToken).toBeUndefined();
    expect(loadConfig({ EINWURF_METRICS_TOKEN: ' 0123456789abcdef0123 ' }).metricsToken).toBe(
      '0123456789abcdef0123',
    );
  });

  it('reads single sign-on settings, all or nothing, naming what is missing or wrong', () => {
    expect(loadConfig({}).oidc).toBeUndefined();
    expect(loadConfig({}).passwordLogin).toBe(true);
    const sso = {
      EINWURF_OIDC_ISSUER: 'https://login.example.org/realms/staff',
      EINWURF_OIDC_CLIENT_ID: 'einwurf',
      EINWURF_OIDC_ADMIN_VALUES: 'einwurf-admins',
    };
    expect(loadConfig({ ...sso, EINWURF_OIDC_MOD_VALUES: ' einwurf-mods , editors,' }).oidc).toEqual({
      issuer: 'https://login.example.org/realms/staff',
      clientId: 'einwurf',
      clientSecret: undefined,
      roleClaim: 'groups',
      adminValues: ['einwurf-admins'],
      modValues: ['einwurf-mods', 'editors'],
      name: 'login.example.org',
      scopes: 'openid profile email',
    });
    expect(loadConfig({ ...sso, EINWURF_OIDC_NAME: 'Stadt Beispiel' }).oidc?.name).toBe('Stadt Beispiel');
    expect(loadConfig({ ...sso, EINWURF_OIDC_PASSWORD_LOGIN: 'off' }).passwordLogin).toBe(false);
    expect(() => loadConfig({ EINWURF_OIDC_ISSUER: sso.EINWURF_OIDC_ISSUER })).toThrow(
      /EINWURF_OIDC_CLIENT_ID: is required with EINWURF_OIDC_ISSUER/,
    );
    expect(() => loadConfig({ EINWURF_OIDC_CLIENT_ID: 'einwurf' })).toThrow(
      /EINWURF_OIDC_CLIENT_ID: needs EINWURF_OIDC_ISSUER/,
    );
    expect(() => loadConfig({ ...sso, EINWURF_OIDC_ISSUER: 'login.example.org' })).toThrow(
      /EINWURF_OIDC_ISSUER: must be/,
    );
    expect(() => loadConfig({ ...sso, EINWURF_OIDC_ADMIN_VALUES: ' , ' })).toThrow(
      /EINWURF_OIDC_ADMIN_VALUES: .*at least one value/,
    );
    expect(() => loadConfig({ ...sso, EINWURF_OIDC_MOD_VALUES: 'einwurf-admins' })).toThrow(
      /EINWURF_OIDC_MOD_VALUES: "einwurf-admins" is listed for admins too/,
    );
    expect(() => loadConfig({ ...sso, EINWURF_OIDC_SCOPES: 'profile email' })).toThrow(
      /EINWURF_OIDC_SCOPES: .*openid/,
    );
    expect(() => loadConfig({ EINWURF_OIDC_PASSWORD_LOGIN: 'off' })).toThrow(
      /EINWURF_OIDC_PASSWORD_LOGIN: can be off only with single sign-on/,
    );
    expect(() => loadConfig({ ...sso, EINWURF_OIDC_PASSWORD_LOGIN: 'maybe' })).toThrow(
      /EINWURF_OIDC_PASSWORD_LOGIN: must be true or false/,
    );
  });

  it('reads the S3 settings only for FILE_STORAGE=s3, naming what is missing or wrong', () => {
    expect(loadConfig({}).s3).toBeUndefined();
    expect(() => loadConfig({ FILE_STORAGE: 's3' })).toThrow(/S3_BUCKET: is required/);
    const s3 = { FILE_STORAGE: 's3', S3_BUCKET: 'einwurf-files' };
    expect(() => loadConfig({ ...s3, S3_BUCKET: 'A_B' })).toThrow(/S3_BUCKET/);
    expect(() => loadConfig({ ...s3, S3_ENDPOINT: 'minio:9000' })).toThrow(/S3_ENDPOINT/);
    expect(() => loadConfig({ ...s3, S3_ACCESS_KEY_ID: 'key' })).toThrow(/S3_SECRET_ACCESS_KEY/);
    expect(() => loadConfig({ ...s3, S3_KEY_PREFIX: '/abs' })).toThrow(/S3_KEY_PREFIX/);
    expect(loadConfig(s3).s3).toEqual({
      bucket: 'einwurf-files',
      region: 'us-east-1',
      endpoint: undefined,
      accessKeyId: undefined,
      secretAccessKey: undefined,
      forcePathStyle: false,
      keyPrefix: undefined,
    });
    // An S3-compatible server usually wants the bucket in the path.
    const minio = loadConfig({
      ...s3,
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_KEY_PREFIX: 'einwurf/',
    }).s3;
    expect(minio).toMatchObject({ forcePathStyle: true, keyPrefix: 'einwurf/', accessKeyId: 'key' });
  });

  it('bounds every wait on PostgreSQL and Redis by default, each settable in milliseconds', () => {
    expect(loadConfig({}).databaseTimeouts).toEqual({ connectMs: 3000, queryMs: 5000, idleMs: 10_000 });
    expect(loadConfig({}).redisTimeouts).toEqual({ connectMs: 2000, commandMs: 2000 });
    const config = loadConfig({
      EINWURF_DB_CONNECT_TIMEOUT: '1500',
      EINWURF_DB_QUERY_TIMEOUT: '30000',
      EINWURF_DB_IDLE_TIMEOUT: '60000',
      EINWURF_REDIS_CONNECT_TIMEOUT: '500',
      EINWURF_REDIS_COMMAND_TIMEOUT: '750',
    });
    expect(config.databaseTimeouts).toEqual({ connectMs: 1500, queryMs: 30_000, idleMs: 60_000 });
    expect(config.redisTimeouts).toEqual({ connectMs: 500, commandMs: 750 });
  });

  it("runs SQLite on three worker threads by default from four cores, on the server's own thread with 0", () => {
    expect(loadConfig({}).sqliteWorkers).toBe(defaultSqliteWorkers(os.availableParallelism()));
    expect(defaultSqliteWorkers(2)).toBe(0);
    expect(defaultSqliteWorkers(4)).toBe(3);
    expect(loadConfig({ EINWURF_SQLITE_WORKERS: '3' }).sqliteWorkers).toBe(3);
    expect(loadConfig({ EINWURF_SQLITE_WORKERS: '0' }).sqliteWorkers).toBe(0);
    expect(() => loadConfig({ EINWURF_SQLITE_WORKERS: 'many' })).toThrow(/EINWURF_SQLITE_WORKERS/);
  });

  it('builds a complete test config in one line', () => {
    const config = testConfig({ databaseUrl: ':memory:' });
    expect(config.database).toEqual({ dialect: 'sqlite', path: ':memory:' });
    expect(config.secret!.length).toBeGreaterThanOrEqual(32);
    expect(config.logLevel).toBe('silent');
  });
});

describe('prepareDataDir', () => {
  let dir: string | undefined;
  afterEach(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('creates the data dir and writes no secret file (the secret lives in the database)', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'einwurf-config-'));
    const dataDir = path.join(dir, 'data');
    const config = await prepareDataDir(loadConfig({ EINWURF_DATA_DIR: dataDir }));
    expect((await stat(dataDir)).isDirectory()).toBe(true);
    expect(config.secret).toBeUndefined();
    await expect(stat(path.join(dataDir, 'secret'))).rejects.toThrow();
  });

  it('reads EINWURF_SECRET and EINWURF_SECRET_PREVIOUS', () => {
    const config = loadConfig({ EINWURF_SECRET: 'n'.repeat(32), EINWURF_SECRET_PREVIOUS: 'o'.repeat(32) });
    expect(config).toMatchObject({ secret: 'n'.repeat(32), previousSecret: 'o'.repeat(32) });
    expect(() => loadConfig({ EINWURF_SECRET_PREVIOUS: 'o'.repeat(32) })).toThrow(/EINWURF_SECRET_PREVIOUS/);
  });
});
