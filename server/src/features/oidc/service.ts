import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { DEFAULT_LOCALE, isMailAddress, type AccountRole, type SsoErrorCode } from '@einwurf/contract';
import type { OidcSettings } from '../../config.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import type { Database, UserRow } from '../../db/types.ts';
import { recordAudit } from '../audit/service.ts';
import { endOtherSessions, startSession, updateSessionRoles, type SessionState } from '../auth/sessions.ts';
import * as usersRepo from '../users/repository.ts';
import type { ProviderLogin } from './client.ts';
import * as repo from './repository.ts';

type Db = Kysely<Database>;

/** A login through the provider that ends without a session; `code` tells the login screen why. */
export class SsoRefused extends Error {
  override name = 'SsoRefused';
  constructor(
    readonly code: SsoErrorCode,
    message: string,
  ) {
    super(message);
  }
}

/** The role the claim's values map to: admin before mod; undefined when none matches. */
export function roleFromClaims(
  settings: OidcSettings,
  claims: Record<string, unknown>,
): AccountRole | undefined {
  const raw = claims[settings.roleClaim];
  const values = (Array.isArray(raw) ? raw : [raw]).filter((v): v is string => typeof v === 'string');
  if (values.some((v) => settings.adminValues.includes(v))) return 'admin';
  if (values.some((v) => settings.modValues.includes(v))) return 'mod';
  return undefined;
}

/** A name for a new SSO account: letters and digits of the provider's name or address, 3-64. */
export function baseUsername(claims: Record<string, unknown>): string {
  const source = [claims['preferred_username'], claims['email'], claims['name']].find(
    (v): v is string => typeof v === 'string' && v.trim() !== '',
  );
  const local = source?.includes('@') ? source.slice(0, source.indexOf('@')) : (source ?? '');
  const cleaned = local
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9]/g, '')
    .slice(0, 56);
  return cleaned.length >= 3 ? cleaned : `staff${cleaned}`;
}

async function uniqueUsername(db: Db, base: string): Promise<string> {
  if (!(await repo.usernameTaken(db, base))) return base;
  for (let n = 2; n < 1000; n += 1) {
    const candidate = `${base}${n}`;
    if (!(await repo.usernameTaken(db, candidate))) return candidate;
  }
  return `${base}${randomUUID().replace(/-/g, '').slice(0, 8)}`;
}

type SsoLoginContext = {
  db: Db;
  settings: OidcSettings;
  sessionTtl: number;
  previousId: string | null;
  auditAddress: string | null;
  userAgent?: string | undefined;
};

/**
 * Creates the SSO account of a person the provider vouches for at the first login, and refreshes its
 * role from the claims at each; the account has no password (no password login). A provider's
 * subject is its own: an account of the same name made here is never taken over, the new one gets
 * another name.
 */
async function accountFor(
  ctx: SsoLoginContext,
  login: ProviderLogin,
  role: AccountRole,
): Promise<{ row: UserRow; created: boolean }> {
  const existing = await repo.findUserBySubject(ctx.db, login.issuer, login.subject);
  if (existing) return { row: existing, created: false };
  for (let attempt = 0; ; attempt += 1) {
    const now = Date.now();
    const email = login.claims['email'];
    const row: UserRow = {
      id: randomUUID(),
      username: await uniqueUsername(ctx.db, baseUsername(login.claims)),
      role,
      // Not a hash of anything: no password ever matches it, and password logins refuse SSO accounts.
      password_hash: '!sso',
      created_at: now,
      updated_at: now,
      email: typeof email === 'string' && isMailAddress(email) ? email : null,
      language: DEFAULT_LOCALE,
      notifications: null,
      totp_secret: null,
      totp_pending_secret: null,
      totp_last_step: null,
      disabled_at: null,
      auth_source: 'oidc',
      oidc_issuer: login.issuer,
      oidc_subject: login.subject,
    };
    try {
      await ctx.db.transaction().execute(async (trx) => {
        await usersRepo.insertUser(trx, row);
        await recordAudit(trx, {
          kind: 'user.created',
          actor: { type: 'system' },
          target: { type: 'user', id: row.id },
          details: { username: row.username, role, email: row.email !== null, sso: true },
          clientAddress: ctx.auditAddress,
          at: now,
        });
      });
      return { row, created: true };
    } catch (error) {
      // Another login of the same person, or a new account of the same name, came first.
      if (!isUniqueViolation(error) || attempt >= 3) throw error;
      const raced = await repo.findUserBySubject(ctx.db, login.issuer, login.subject);
      if (raced) return { row: raced, created: false };
    }
  }
}

/**
 * Logs in the person the provider vouched for: the role comes from the claims (none: refused, and
 * the account's open sessions end), a disabled account stays refused, the session keeps the ID token
 * for the provider's logout. Every outcome is audited like a password login.
 */
export async function loginWithProvider(
  ctx: SsoLoginContext,
  login: ProviderLogin,
): Promise<{ token: string; session: SessionState; created: boolean }> {
  const role = roleFromClaims(ctx.settings, login.claims);
  const name = baseUsername(login.claims);
  if (role === undefined) {
    const known = await repo.findUserBySubject(ctx.db, login.issuer, login.subject);
    if (known) await endOtherSessions(ctx.db, known.id, null);
    await recordAudit(ctx.db, {
      kind: 'auth.login.failed',
      actor: { type: 'anonymous', username: known?.username ?? name },
      details: { sso: true, reason: 'no_role' },
      clientAddress: ctx.auditAddress,
    });
    throw new SsoRefused(
      'no_role',
      `the provider gives ${login.subject} no value of ${ctx.settings.roleClaim} that maps to a role`,
    );
  }
  const { row, created } = await accountFor(ctx, login, role);
  if (row.disabled_at !== null) {
    await recordAudit(ctx.db, {
      kind: 'auth.login.failed',
      actor: { type: 'anonymous', username: row.username },
      details: { sso: true, reason: 'disabled' },
      clientAddress: ctx.auditAddress,
    });
    throw new SsoRefused('disabled', `the account ${row.username} is disabled`);
  }
  const started = await ctx.db.transaction().execute(async (trx) => {
    if (row.role !== role) {
      const now = Date.now();
      await usersRepo.updateUser(trx, row.id, { role, updated_at: now });
      await updateSessionRoles(trx, row.id, role);
      await recordAudit(trx, {
        kind: 'user.role_changed',
        actor: { type: 'system' },
        target: { type: 'user', id: row.id },
        details: { username: row.username, from: row.role, to: role, sso: true },
        clientAddress: ctx.auditAddress,
        at: now,
      });
    }
    const session = await startSession(trx, {
      role,
      userId: row.id,
      username: row.username,
      ttlSeconds: ctx.sessionTtl,
      previousId: ctx.previousId,
      userAgent: ctx.userAgent,
      // The organisation's provider is the account's strong authentication (see README).
      hasSecondFactor: true,
    });
    await repo.setSessionIdToken(trx, session.session.id ?? '', login.idToken);
    await recordAudit(trx, {
      kind: 'auth.login.succeeded',
      actor: { type: 'user', id: row.id, username: row.username },
      target: { type: 'user', id: row.id },
      details: { sso: true },
      clientAddress: ctx.auditAddress,
    });
    return session;
  });
  return { ...started, created };
}
