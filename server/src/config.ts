import { mkdir } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isMailAddress, POW_DIFFICULTY_MAX, POW_DIFFICULTY_MIN } from '@einwurf/contract';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];
/** `auto`: readable lines when standard output is a terminal, JSON lines otherwise. */
export const LOG_FORMATS = ['auto', 'pretty', 'json'] as const;
export type LogFormat = (typeof LOG_FORMATS)[number];
export const FILE_STORAGES = ['disk', 'database', 's3'] as const;
export type FileStorage = (typeof FILE_STORAGES)[number];
export const STAFF_SECOND_FACTOR = ['optional', 'required'] as const;
export type StaffSecondFactor = (typeof STAFF_SECOND_FACTOR)[number];

export type S3Settings = {
  readonly bucket: string;
  readonly region: string;
  readonly endpoint: string | undefined;
  readonly accessKeyId: string | undefined;
  readonly secretAccessKey: string | undefined;
  readonly forcePathStyle: boolean;
  readonly keyPrefix: string | undefined;
};

/** Single sign-on for staff through an OpenID Connect provider (EINWURF_OIDC_*). */
export type OidcSettings = {
  /** EINWURF_OIDC_ISSUER: the provider's issuer URL; its discovery document lies below it. */
  readonly issuer: string;
  readonly clientId: string;
  /** EINWURF_OIDC_CLIENT_SECRET: none for a public client (PKCE alone). */
  readonly clientSecret: string | undefined;
  /** EINWURF_OIDC_ROLE_CLAIM: the claim that carries the groups or roles (default `groups`). */
  readonly roleClaim: string;
  /** EINWURF_OIDC_ADMIN_VALUES: values of the claim that make an admin. */
  readonly adminValues: readonly string[];
  /** EINWURF_OIDC_MOD_VALUES: values of the claim that make a mod. */
  readonly modValues: readonly string[];
  /** EINWURF_OIDC_NAME: the organisation's name on the login button ("Mit … anmelden"). */
  readonly name: string;
  /** EINWURF_OIDC_SCOPES: the scopes asked for (default `openid profile email`). */
  readonly scopes: string;
};

export type DatabaseTarget =
  | { readonly dialect: 'sqlite'; readonly path: string }
  | { readonly dialect: 'postgres'; readonly url: string };

/** How long a call to PostgreSQL may wait, in milliseconds (SQLite waits its own busy timeout). */
export type DatabaseTimeouts = {
  /** Opening a connection, or waiting for a free one in the pool. */
  readonly connectMs: number;
  /** One statement: the server cancels it (statement_timeout) and the client stops waiting for it. */
  readonly queryMs: number;
  /** An unused pooled connection is closed after this long. */
  readonly idleMs: number;
};

/** How long a call to Redis may wait, in milliseconds. */
export type RedisTimeouts = {
  readonly connectMs: number;
  readonly commandMs: number;
};

export type Config = {
  readonly port: number;
  readonly host: string;
  readonly dataDir: string;
  readonly database: DatabaseTarget;
  readonly fileStorage: FileStorage;
  /** The bucket and its server when FILE_STORAGE=s3. */
  readonly s3: S3Settings | undefined;
  readonly databaseTimeouts: DatabaseTimeouts;
  /**
   * EINWURF_SQLITE_WORKERS: threads that run a SQLite file's reads off the event loop, so a slow one
   * stalls no other request (writes and transactions stay on the server's thread); 0 runs them there too.
   * By default as `defaultSqliteWorkers` says for the machine's cores.
   */
  readonly sqliteWorkers: number;
  readonly redisUrl: string | undefined;
  readonly redisTimeouts: RedisTimeouts;
  /** EINWURF_REDIS_PREFIX: the start of every Redis key, so that installations can share one Redis. */
  readonly redisPrefix: string;
  readonly adminUsername: string;
  readonly adminPassword: string | undefined;
  /**
   * EINWURF_SECRET: the signing secret (CSRF tokens, proof-of-work challenges); without it, the one
   * generated once and kept in the database, which every instance sees.
   */
  readonly secret: string | undefined;
  /** EINWURF_SECRET_PREVIOUS: a secret EINWURF_SECRET replaced, which still verifies (a rotation). */
  readonly previousSecret: string | undefined;
  readonly powDifficulty: number;
  /** Entry creations per minute above which the proof-of-work difficulty rises. */
  readonly powRate: number;
  readonly maxFileSize: number;
  /** EINWURF_MAX_IMAGE_PIXELS: images with more pixels (width × height) are refused before decoding. */
  readonly maxImagePixels: number;
  readonly allowedExtensions: readonly string[];
  /** EINWURF_MAX_FILES_PER_ENTRY: the most files one entry may hold. */
  readonly maxFilesPerEntry: number;
  /** EINWURF_MAX_BYTES_PER_ENTRY: the most bytes one entry's files may hold together. */
  readonly maxBytesPerEntry: number;
  /** EINWURF_AUTHOR_COMMENTS_PER_HOUR: comments an author may add to their entry in any hour (0: no limit). */
  readonly authorCommentsPerHour: number;
  /** EINWURF_SAVES_PER_MINUTE: entry saves per session per minute (0: no limit). */
  readonly savesPerMinutePerSession: number;
  /** EINWURF_CLIENT_SAVES_PER_MINUTE: entry saves per client address per minute (0: no limit). */
  readonly savesPerMinutePerClient: number;
  /** EINWURF_UPLOADS_PER_MINUTE: uploads per session per minute (0: no limit). */
  readonly uploadsPerMinutePerSession: number;
  /** EINWURF_CLIENT_UPLOADS_PER_MINUTE: uploads per client address per minute (0: no limit). */
  readonly uploadsPerMinutePerClient: number;
  /** EINWURF_POW_CHALLENGES_PER_MINUTE: proof-of-work challenges per client address per minute (0: no limit). */
  readonly powChallengesPerMinute: number;
  /** Lifetime of a moderation session in seconds. */
  readonly sessionTtl: number;
  /** Lifetime of an author's session in seconds. */
  readonly authorSessionTtl: number;
  /** EINWURF_STAFF_2FA: `required` leads every staff account without a second factor to set one up first. */
  readonly staffSecondFactor: StaffSecondFactor;
  /** Single sign-on for staff; undefined without EINWURF_OIDC_ISSUER. */
  readonly oidc: OidcSettings | undefined;
  /**
   * EINWURF_OIDC_PASSWORD_LOGIN: whether staff may log in with name and password (off only with
   * single sign-on; authors' entry passwords are not concerned).
   */
  readonly passwordLogin: boolean;
  /** Days a soft-deleted entry is kept before it is purged. */
  readonly retentionDays: number;
  /** EINWURF_SHUTDOWN_GRACE: seconds running requests get to finish after SIGTERM before the exit. */
  readonly shutdownGrace: number;
  readonly trustProxy: boolean;
  /** EINWURF_LOG_CLIENT_ADDRESS: whether the request log records client addresses (off: anonymity). */
  readonly logClientAddress: boolean;
  /**
   * EINWURF_AUDIT_CLIENT_ADDRESS: whether audit records of staff's actions and of login attempts keep
   * the client's address (off: the log is kept forever, an address is personal data).
   */
  readonly auditClientAddress: boolean;
  /**
   * The origin readers reach the server under (`https://example.org`), for absolute URLs in public
   * answers; without it, the request's own protocol and host.
   */
  readonly publicUrl: string | undefined;
  /**
   * EINWURF_PUBLIC_ENTRY_URL: where readers read a published entry when the organisation shows entries
   * on its own site, a template with `{id}` (https://example.org/news/{id}); without it, the reader's
   * page this server renders at /read/{id}.
   */
  readonly publicEntryUrl: string | undefined;
  /** EINWURF_WEBHOOK_ALLOW_PRIVATE: webhook endpoints may be on loopback, private and link-local addresses. */
  readonly webhookAllowPrivate: boolean;
  /** EINWURF_WEBHOOK_TIMEOUT: the longest one webhook attempt may take, in ms. */
  readonly webhookTimeoutMs: number;
  /** EINWURF_WEBHOOK_DISABLE_AFTER: an endpoint failing this long (ms) without a success is disabled. */
  readonly webhookDisableAfterMs: number;
  /** EINWURF_WEBHOOK_RETRY_SCHEDULE: the waits (ms) before each retry of a failed delivery. */
  readonly webhookRetryScheduleMs: readonly number[];
  /**
   * EINWURF_SMTP_URL: the mail server notifications go through (smtp://user:pass@host:587,
   * smtps://…:465); without it no mail is sent.
   */
  readonly smtpUrl: string | undefined;
  /** EINWURF_MAIL_FROM: the sender of notifications (required with EINWURF_SMTP_URL). */
  readonly mailFrom: string | undefined;
  /** EINWURF_MAIL_DIGEST_HOUR: the hour (0-23, UTC) daily digests go out. */
  readonly mailDigestHour: number;
  /** EINWURF_MAIL_RETRY_SCHEDULE: the waits (ms) before each retry of a mail the server did not take. */
  readonly mailRetryScheduleMs: readonly number[];
  /** EINWURF_OUTBOX_POLL_INTERVAL: how often (ms) the outbox worker looks for due work. */
  readonly outboxPollMs: number;
  /**
   * EINWURF_METRICS_TOKEN: the bearer token `/metrics` asks for; without it `/metrics` answers 404
   * (closed unless the operator opts in).
   */
  readonly metricsToken: string | undefined;
  readonly logLevel: LogLevel;
  /** LOG_FORMAT: how the server writes its log (`auto`, `pretty` or `json`). */
  readonly logFormat: LogFormat;
  readonly webDist: string;
  readonly contentTypesDir: string;
};

/** A config whose secret is known: what the app runs with. */
export type AppConfig = Config;

export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    message: string,
  ) {
    super(`${variable}: ${message}`);
    this.name = 'ConfigError';
  }
}

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const repoRoot = path.resolve(serverRoot, '..');

export const DEFAULT_ALLOWED_EXTENSIONS = [
  'jpg',
  'jpeg',
  'gif',
  'png',
  'webp',
  'bmp',
  'tiff',
  'pdf',
  'txt',
  'md',
  'odt',
  'docx',
  'xlsx',
  'csv',
] as const;

type Env = Readonly<Record<string, string | undefined>>;

function read(env: Env, name: string): string | undefined {
  const value = env[name]?.trim();
  return value === undefined || value === '' ? undefined : value;
}

/**
 * SQLite's reader threads by default: three on a machine with four cores or more, none below. On two
 * cores the threads read faster but take their memory: about 9 MB each idle, and at 200 connections
 * the peak passed the memory goal in some runs (bench/memory.bench.ts).
 */
export function defaultSqliteWorkers(cores: number): number {
  return cores >= 4 ? 3 : 0;
}

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = read(env, name);
  if (raw === undefined) return fallback;
  if (!/^\d+$/.test(raw)) throw new ConfigError(name, `must be a whole number, got "${raw}"`);
  const value = Number(raw);
  if (!Number.isSafeInteger(value) || value < min || value > max) {
    throw new ConfigError(name, `must be between ${min} and ${max}, got ${raw}`);
  }
  return value;
}

function oneOf<T extends string>(env: Env, name: string, allowed: readonly T[], fallback: T): T {
  const raw = read(env, name)?.toLowerCase();
  if (raw === undefined) return fallback;
  if (!(allowed as readonly string[]).includes(raw)) {
    throw new ConfigError(name, `must be one of ${allowed.join(', ')}, got "${raw}"`);
  }
  return raw as T;
}

function boolean(env: Env, name: string, fallback: boolean): boolean {
  const raw = read(env, name)?.toLowerCase();
  if (raw === undefined) return fallback;
  if (['1', 'true', 'yes', 'on'].includes(raw)) return true;
  if (['0', 'false', 'no', 'off'].includes(raw)) return false;
  throw new ConfigError(name, `must be true or false, got "${raw}"`);
}

/** Reads `sqlite:<path>`, a plain file path, `:memory:` or a `postgres://` URL. */
export function parseDatabaseUrl(raw: string, baseDir: string, variable = 'DATABASE_URL'): DatabaseTarget {
  if (/^postgres(ql)?:\/\//i.test(raw)) {
    try {
      new URL(raw);
    } catch {
      throw new ConfigError(variable, 'is not a valid PostgreSQL URL');
    }
    return { dialect: 'postgres', url: raw };
  }
  const file = raw.startsWith('sqlite:') ? raw.slice('sqlite:'.length).replace(/^\/\/(?=\/)/, '') : raw;
  if (file === '') throw new ConfigError(variable, 'names no SQLite file');
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(file)) {
    throw new ConfigError(variable, 'must be sqlite:<path>, a file path, :memory: or postgres://…');
  }
  if (file === ':memory:') return { dialect: 'sqlite', path: ':memory:' };
  return { dialect: 'sqlite', path: path.resolve(baseDir, file) };
}

function extensions(env: Env): string[] {
  const raw = read(env, 'EINWURF_ALLOWED_EXTENSIONS');
  if (raw === undefined) return [...DEFAULT_ALLOWED_EXTENSIONS];
  const list = raw
    .split(',')
    .map((e) => e.trim().toLowerCase().replace(/^\./, ''))
    .filter((e) => e !== '');
  const bad = list.find((e) => !/^[a-z0-9]{1,16}$/.test(e));
  if (bad !== undefined) throw new ConfigError('EINWURF_ALLOWED_EXTENSIONS', `"${bad}" is not an extension`);
  if (list.length === 0) throw new ConfigError('EINWURF_ALLOWED_EXTENSIONS', 'lists no extension');
  return [...new Set(list)];
}

/** S3_* settings, read (and required) only when FILE_STORAGE=s3. */
function s3Settings(env: Env): S3Settings {
  const bucket = read(env, 'S3_BUCKET');
  if (bucket === undefined) throw new ConfigError('S3_BUCKET', 'is required when FILE_STORAGE=s3');
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) {
    throw new ConfigError('S3_BUCKET', `"${bucket}" is not a valid bucket name`);
  }
  const endpoint = read(env, 'S3_ENDPOINT');
  if (endpoint !== undefined && !/^https?:\/\/[^/\s]+/.test(endpoint)) {
    throw new ConfigError('S3_ENDPOINT', 'must be an http:// or https:// URL');
  }
  const accessKeyId = read(env, 'S3_ACCESS_KEY_ID');
  const secretAccessKey = read(env, 'S3_SECRET_ACCESS_KEY');
  if ((accessKeyId === undefined) !== (secretAccessKey === undefined)) {
    throw new ConfigError(
      accessKeyId === undefined ? 'S3_ACCESS_KEY_ID' : 'S3_SECRET_ACCESS_KEY',
      'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together',
    );
  }
  const keyPrefix = read(env, 'S3_KEY_PREFIX');
  if (keyPrefix !== undefined && !/^([A-Za-z0-9_-][A-Za-z0-9_.-]*\/)+$/.test(keyPrefix)) {
    throw new ConfigError('S3_KEY_PREFIX', 'must be path segments ending in "/", e.g. einwurf/');
  }
  return Object.freeze({
    bucket,
    region: read(env, 'S3_REGION') ?? 'us-east-1',
    endpoint,
    accessKeyId,
    secretAccessKey,
    forcePathStyle: boolean(env, 'S3_FORCE_PATH_STYLE', endpoint !== undefined),
    keyPrefix,
  });
}

const DURATION_UNITS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** A duration such as `500ms`, `10s`, `5m`, `2h`, `5d` (a bare number is seconds), in ms. */
function parseDuration(name: string, raw: string): number {
  const match = /^(\d+(?:\.\d+)?)\s*(ms|s|m|h|d)?$/i.exec(raw.trim());
  if (!match) throw new ConfigError(name, `must be a duration such as 10s, 5m, 2h or 5d, got "${raw}"`);
  return Math.round(Number(match[1]) * DURATION_UNITS[(match[2] ?? 's').toLowerCase()]!);
}

function duration(env: Env, name: string, fallbackMs: number, minMs: number, maxMs: number): number {
  const raw = read(env, name);
  if (raw === undefined) return fallbackMs;
  const value = parseDuration(name, raw);
  if (value < minMs || value > maxMs) {
    throw new ConfigError(name, `must be between ${minMs} ms and ${maxMs} ms, got "${raw}"`);
  }
  return value;
}

/** The Standard Webhooks retry schedule: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h. */
export const DEFAULT_WEBHOOK_RETRY_SCHEDULE_MS: readonly number[] = Object.freeze(
  ['5s', '5m', '30m', '2h', '5h', '10h', '10h'].map((d) => parseDuration('default', d)),
);

/** Notification mails: 1 min, 5 min, 30 min, 2 h, 6 h, 12 h. */
export const DEFAULT_MAIL_RETRY_SCHEDULE_MS: readonly number[] = Object.freeze(
  ['1m', '5m', '30m', '2h', '6h', '12h'].map((d) => parseDuration('default', d)),
);

function retrySchedule(
  env: Env,
  name = 'EINWURF_WEBHOOK_RETRY_SCHEDULE',
  fallback = DEFAULT_WEBHOOK_RETRY_SCHEDULE_MS,
): readonly number[] {
  const raw = read(env, name);
  if (raw === undefined) return fallback;
  const waits = raw.split(',').map((part) => parseDuration(name, part));
  if (waits.length > 20) throw new ConfigError(name, 'lists more than 20 retries');
  return Object.freeze(waits);
}

/** EINWURF_PUBLIC_URL: an http(s) origin, kept without a trailing slash. */
function publicUrl(env: Env): string | undefined {
  const raw = read(env, 'EINWURF_PUBLIC_URL');
  if (raw === undefined) return undefined;
  let url: URL | undefined;
  try {
    url = new URL(raw);
  } catch {
    url = undefined;
  }
  if (
    !url ||
    !/^https?:$/.test(url.protocol) ||
    url.pathname !== '/' ||
    url.search ||
    url.hash ||
    url.username
  ) {
    throw new ConfigError(
      'EINWURF_PUBLIC_URL',
      'must be an http:// or https:// origin, e.g. https://example.org',
    );
  }
  return url.origin;
}

/** EINWURF_SMTP_URL and EINWURF_MAIL_FROM: both or neither; an smtp(s) URL and an e-mail address. */
function mail(env: Env): { smtpUrl: string | undefined; mailFrom: string | undefined } {
  const smtpUrl = read(env, 'EINWURF_SMTP_URL');
  const mailFrom = read(env, 'EINWURF_MAIL_FROM');
  if (smtpUrl === undefined) {
    if (mailFrom !== undefined) throw new ConfigError('EINWURF_MAIL_FROM', 'needs EINWURF_SMTP_URL too');
    return { smtpUrl, mailFrom };
  }
  let url: URL | undefined;
  try {
    url = new URL(smtpUrl);
  } catch {
    url = undefined;
  }
  if (!url || !/^smtps?:$/.test(url.protocol) || url.hostname === '') {
    throw new ConfigError(
      'EINWURF_SMTP_URL',
      'must be an smtp:// or smtps:// URL, e.g. smtp://user:password@mail.example.org:587',
    );
  }
  if (mailFrom === undefined) throw new ConfigError('EINWURF_MAIL_FROM', 'is required with EINWURF_SMTP_URL');
  if (!isMailAddress(mailFrom.replace(/^.*<(.+)>\s*$/, '$1'))) {
    throw new ConfigError(
      'EINWURF_MAIL_FROM',
      'must be an e-mail address, e.g. einwurf@example.org or "Einwurf <einwurf@example.org>"',
    );
  }
  return { smtpUrl, mailFrom };
}

/** EINWURF_REDIS_PREFIX: printable characters without spaces, at most 64. */
function redisPrefix(env: Env): string {
  const raw = read(env, 'EINWURF_REDIS_PREFIX') ?? 'einwurf:';
  if (!/^[\x21-\x7e]{1,64}$/.test(raw)) {
    throw new ConfigError(
      'EINWURF_REDIS_PREFIX',
      'must be 1 to 64 printable characters without spaces, e.g. einwurf-news:',
    );
  }
  return raw;
}

/** EINWURF_PUBLIC_ENTRY_URL: an absolute http(s) URL template holding `{id}` once. */
function publicEntryUrl(env: Env): string | undefined {
  const raw = read(env, 'EINWURF_PUBLIC_ENTRY_URL');
  if (raw === undefined) return undefined;
  let url: URL | undefined;
  try {
    url = new URL(raw.replace('{id}', 'id'));
  } catch {
    url = undefined;
  }
  if (!url || !/^https?:$/.test(url.protocol) || raw.split('{id}').length !== 2 || url.username) {
    throw new ConfigError(
      'EINWURF_PUBLIC_ENTRY_URL',
      'must be an http:// or https:// URL holding {id} once, e.g. https://example.org/news/{id}',
    );
  }
  return raw;
}

function valueList(env: Env, name: string): string[] {
  const raw = read(env, name);
  if (raw === undefined) return [];
  return [
    ...new Set(
      raw
        .split(',')
        .map((v) => v.trim())
        .filter((v) => v !== ''),
    ),
  ];
}

/** EINWURF_OIDC_*: all or nothing; a bad or missing value names its variable. */
function oidcSettings(env: Env): OidcSettings | undefined {
  const issuer = read(env, 'EINWURF_OIDC_ISSUER');
  const clientId = read(env, 'EINWURF_OIDC_CLIENT_ID');
  const others = [
    'EINWURF_OIDC_CLIENT_ID',
    'EINWURF_OIDC_CLIENT_SECRET',
    'EINWURF_OIDC_ROLE_CLAIM',
    'EINWURF_OIDC_ADMIN_VALUES',
    'EINWURF_OIDC_MOD_VALUES',
    'EINWURF_OIDC_NAME',
    'EINWURF_OIDC_SCOPES',
  ];
  if (issuer === undefined) {
    const stray = others.find((name) => read(env, name) !== undefined);
    if (stray !== undefined) throw new ConfigError(stray, 'needs EINWURF_OIDC_ISSUER too');
    return undefined;
  }
  let url: URL | undefined;
  try {
    url = new URL(issuer);
  } catch {
    url = undefined;
  }
  if (!url || !/^https?:$/.test(url.protocol) || url.search || url.hash || url.username) {
    throw new ConfigError(
      'EINWURF_OIDC_ISSUER',
      "must be the provider's http:// or https:// issuer URL, e.g. https://login.example.org/realms/staff",
    );
  }
  if (clientId === undefined) {
    throw new ConfigError('EINWURF_OIDC_CLIENT_ID', 'is required with EINWURF_OIDC_ISSUER');
  }
  const roleClaim = read(env, 'EINWURF_OIDC_ROLE_CLAIM') ?? 'groups';
  if (!/^[\x21-\x7e]{1,128}$/.test(roleClaim)) {
    throw new ConfigError('EINWURF_OIDC_ROLE_CLAIM', 'must be a claim name without spaces, e.g. groups');
  }
  const adminValues = valueList(env, 'EINWURF_OIDC_ADMIN_VALUES');
  const modValues = valueList(env, 'EINWURF_OIDC_MOD_VALUES');
  if (adminValues.length === 0 && modValues.length === 0) {
    throw new ConfigError(
      'EINWURF_OIDC_ADMIN_VALUES',
      'EINWURF_OIDC_ADMIN_VALUES or EINWURF_OIDC_MOD_VALUES must list at least one value of the role claim, e.g. einwurf-admins',
    );
  }
  const both = adminValues.find((v) => modValues.includes(v));
  if (both !== undefined) {
    throw new ConfigError('EINWURF_OIDC_MOD_VALUES', `"${both}" is listed for admins too`);
  }
  const scopes = (read(env, 'EINWURF_OIDC_SCOPES') ?? 'openid profile email').split(/\s+/);
  if (!scopes.includes('openid') || scopes.some((scope) => !/^[\x21\x23-\x5b\x5d-\x7e]+$/.test(scope))) {
    throw new ConfigError('EINWURF_OIDC_SCOPES', 'must be scopes separated by spaces, openid among them');
  }
  const name = read(env, 'EINWURF_OIDC_NAME') ?? url.hostname;
  if (name.length > 80) throw new ConfigError('EINWURF_OIDC_NAME', 'must be at most 80 characters');
  return Object.freeze({
    issuer,
    clientId,
    clientSecret: read(env, 'EINWURF_OIDC_CLIENT_SECRET'),
    roleClaim,
    adminValues: Object.freeze(adminValues),
    modValues: Object.freeze(modValues),
    name,
    scopes: scopes.join(' '),
  });
}

/** Turns environment variables into a frozen Config; a bad value throws a ConfigError naming it. */
export function loadConfig(env: Env, cwd: string = process.cwd()): Config {
  const dataDir = path.resolve(cwd, read(env, 'EINWURF_DATA_DIR') ?? './data');
  const databaseUrl = read(env, 'DATABASE_URL');
  const secret = read(env, 'EINWURF_SECRET');
  if (secret !== undefined && secret.length < 16) {
    throw new ConfigError('EINWURF_SECRET', 'must be at least 16 characters');
  }
  const previousSecret = read(env, 'EINWURF_SECRET_PREVIOUS');
  if (previousSecret !== undefined && (secret === undefined || previousSecret.length < 16)) {
    throw new ConfigError(
      'EINWURF_SECRET_PREVIOUS',
      'must be at least 16 characters, and needs EINWURF_SECRET (the secret that replaced it)',
    );
  }
  const redisUrl = read(env, 'REDIS_URL');
  if (redisUrl !== undefined && !/^rediss?:\/\//.test(redisUrl)) {
    throw new ConfigError('REDIS_URL', 'must start with redis:// or rediss://');
  }
  const adminUsername = read(env, 'EINWURF_ADMIN_USERNAME') ?? 'admin';
  if (!/^[a-zA-Z0-9]{3,64}$/.test(adminUsername)) {
    throw new ConfigError('EINWURF_ADMIN_USERNAME', 'must be 3-64 letters and digits');
  }
  const adminPassword = env['EINWURF_ADMIN_PASSWORD'] === '' ? undefined : env['EINWURF_ADMIN_PASSWORD'];
  if (adminPassword !== undefined && adminPassword.length < 8) {
    throw new ConfigError('EINWURF_ADMIN_PASSWORD', 'must be at least 8 characters');
  }
  const metricsToken = read(env, 'EINWURF_METRICS_TOKEN');
  if (metricsToken !== undefined && !/^[\x21-\x7e]{16,}$/.test(metricsToken)) {
    throw new ConfigError(
      'EINWURF_METRICS_TOKEN',
      'must be at least 16 printable characters without spaces (e.g. openssl rand -hex 32)',
    );
  }
  const fileStorage = oneOf(env, 'FILE_STORAGE', FILE_STORAGES, 'disk');
  const oidc = oidcSettings(env);
  const passwordLogin = boolean(env, 'EINWURF_OIDC_PASSWORD_LOGIN', true);
  if (!passwordLogin && oidc === undefined) {
    throw new ConfigError(
      'EINWURF_OIDC_PASSWORD_LOGIN',
      'can be off only with single sign-on (EINWURF_OIDC_ISSUER), or no one could log in',
    );
  }
  return Object.freeze({
    port: integer(env, 'PORT', 8080, 0, 65535),
    host: read(env, 'HOST') ?? '127.0.0.1',
    dataDir,
    database:
      databaseUrl === undefined
        ? { dialect: 'sqlite' as const, path: path.join(dataDir, 'einwurf.sqlite') }
        : parseDatabaseUrl(databaseUrl, cwd),
    databaseTimeouts: Object.freeze({
      connectMs: integer(env, 'EINWURF_DB_CONNECT_TIMEOUT', 3000, 100, 600_000),
      queryMs: integer(env, 'EINWURF_DB_QUERY_TIMEOUT', 5000, 100, 3_600_000),
      idleMs: integer(env, 'EINWURF_DB_IDLE_TIMEOUT', 10_000, 1000, 3_600_000),
    }),
    sqliteWorkers: integer(
      env,
      'EINWURF_SQLITE_WORKERS',
      defaultSqliteWorkers(availableParallelism()),
      0,
      64,
    ),
    fileStorage,
    s3: fileStorage === 's3' ? s3Settings(env) : undefined,
    redisUrl,
    redisPrefix: redisPrefix(env),
    redisTimeouts: Object.freeze({
      connectMs: integer(env, 'EINWURF_REDIS_CONNECT_TIMEOUT', 2000, 100, 600_000),
      commandMs: integer(env, 'EINWURF_REDIS_COMMAND_TIMEOUT', 2000, 100, 600_000),
    }),
    adminUsername,
    adminPassword,
    secret,
    previousSecret,
    powDifficulty: integer(env, 'EINWURF_POW_DIFFICULTY', 16, POW_DIFFICULTY_MIN, POW_DIFFICULTY_MAX),
    powRate: integer(env, 'EINWURF_POW_RATE', 30, 1, 1_000_000),
    maxFileSize: integer(env, 'EINWURF_MAX_FILE_SIZE', 10_000_000, 1, Number.MAX_SAFE_INTEGER),
    maxImagePixels: integer(env, 'EINWURF_MAX_IMAGE_PIXELS', 40_000_000, 1, 268_402_689),
    allowedExtensions: Object.freeze(extensions(env)),
    maxFilesPerEntry: integer(env, 'EINWURF_MAX_FILES_PER_ENTRY', 50, 1, 100_000),
    maxBytesPerEntry: integer(env, 'EINWURF_MAX_BYTES_PER_ENTRY', 100_000_000, 1, Number.MAX_SAFE_INTEGER),
    authorCommentsPerHour: integer(env, 'EINWURF_AUTHOR_COMMENTS_PER_HOUR', 20, 0, 1_000_000),
    savesPerMinutePerSession: integer(env, 'EINWURF_SAVES_PER_MINUTE', 60, 0, 1_000_000),
    savesPerMinutePerClient: integer(env, 'EINWURF_CLIENT_SAVES_PER_MINUTE', 120, 0, 1_000_000),
    uploadsPerMinutePerSession: integer(env, 'EINWURF_UPLOADS_PER_MINUTE', 30, 0, 1_000_000),
    uploadsPerMinutePerClient: integer(env, 'EINWURF_CLIENT_UPLOADS_PER_MINUTE', 60, 0, 1_000_000),
    powChallengesPerMinute: integer(env, 'EINWURF_POW_CHALLENGES_PER_MINUTE', 30, 0, 1_000_000),
    sessionTtl: integer(env, 'EINWURF_SESSION_TTL', 28_800, 60, 31_536_000),
    authorSessionTtl: integer(env, 'EINWURF_AUTHOR_SESSION_TTL', 14_400, 60, 31_536_000),
    staffSecondFactor: oneOf(env, 'EINWURF_STAFF_2FA', STAFF_SECOND_FACTOR, 'optional'),
    oidc,
    passwordLogin,
    retentionDays: integer(env, 'EINWURF_RETENTION_DAYS', 30, 0, 36_500),
    shutdownGrace: integer(env, 'EINWURF_SHUTDOWN_GRACE', 10, 1, 3_600),
    trustProxy: boolean(env, 'EINWURF_TRUST_PROXY', false),
    logClientAddress: boolean(env, 'EINWURF_LOG_CLIENT_ADDRESS', false),
    auditClientAddress: boolean(env, 'EINWURF_AUDIT_CLIENT_ADDRESS', false),
    publicUrl: publicUrl(env),
    publicEntryUrl: publicEntryUrl(env),
    webhookAllowPrivate: boolean(env, 'EINWURF_WEBHOOK_ALLOW_PRIVATE', false),
    webhookTimeoutMs: duration(env, 'EINWURF_WEBHOOK_TIMEOUT', 10_000, 100, 120_000),
    webhookDisableAfterMs: duration(
      env,
      'EINWURF_WEBHOOK_DISABLE_AFTER',
      5 * 86_400_000,
      0,
      365 * 86_400_000,
    ),
    webhookRetryScheduleMs: retrySchedule(env),
    ...mail(env),
    mailDigestHour: integer(env, 'EINWURF_MAIL_DIGEST_HOUR', 7, 0, 23),
    mailRetryScheduleMs: retrySchedule(env, 'EINWURF_MAIL_RETRY_SCHEDULE', DEFAULT_MAIL_RETRY_SCHEDULE_MS),
    outboxPollMs: duration(env, 'EINWURF_OUTBOX_POLL_INTERVAL', 1000, 10, 3_600_000),
    metricsToken,
    logLevel: oneOf(env, 'LOG_LEVEL', LOG_LEVELS, 'info'),
    logFormat: oneOf(env, 'LOG_FORMAT', LOG_FORMATS, 'auto'),
    webDist: path.resolve(cwd, read(env, 'EINWURF_WEB_DIST') ?? path.join(repoRoot, 'web', 'dist')),
    contentTypesDir: path.resolve(
      cwd,
      read(env, 'EINWURF_CONTENT_TYPES') ?? path.join(repoRoot, 'content-types'),
    ),
  });
}

/** Creates the data dir (the signing secret lives in the database; see features/secrets). */
export async function prepareDataDir(config: Config): Promise<AppConfig> {
  await mkdir(config.dataDir, { recursive: true });
  return config;
}
