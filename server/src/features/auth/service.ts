import type { Kysely } from 'kysely';
import type { AuthorLogin, ModeratorLogin } from '@einwurf/contract';
import type { Database } from '../../db/types.ts';
import { AppError } from '../../errors.ts';
import type { RateLimiter } from '../../plugins/rate-limit.ts';
import { verifyEntryPassword } from '../entries/service.ts';
import { verifyCredentials } from '../users/service.ts';
import { LOGIN_LIMITS, startSession, type SessionState } from './sessions.ts';

type Db = Kysely<Database>;

const INVALID_CREDENTIALS = 'invalid credentials';

type LoginContext = {
  db: Db;
  limiter: RateLimiter;
  clientIp: string;
  sessionTtl: number;
  authorSessionTtl: number;
  previousId: string | null;
};

type SessionInput = Omit<Parameters<typeof startSession>[1], 'previousId'>;

/**
 * The steps every login shares: refuse while the subject (account name or entry) or the client is
 * over its failure limit, count a failure under both, forget the subject's failures on success.
 */
async function limitedLogin(
  ctx: LoginContext,
  subjectKey: string,
  check: () => Promise<SessionInput | undefined>,
): Promise<{ token: string; session: SessionState }> {
  const keys: [string, number][] = [
    [subjectKey, LOGIN_LIMITS.failuresPerName],
    [`login:client:${ctx.clientIp}`, LOGIN_LIMITS.failuresPerClient],
  ];
  for (const [key, limit] of keys) {
    const retryAfter = await ctx.limiter.retryAfter(key, limit);
    if (retryAfter > 0) {
      throw new AppError('RATE_LIMITED', 'too many login attempts, try again later', undefined, {
        'retry-after': String(retryAfter),
      });
    }
  }
  const input = await check();
  if (!input) {
    await Promise.all(keys.map(([key]) => ctx.limiter.hit(key, LOGIN_LIMITS.windowMs)));
    throw new AppError('INVALID_CREDENTIALS', INVALID_CREDENTIALS);
  }
  await ctx.limiter.reset(subjectKey);
  return startSession(ctx.db, { ...input, previousId: ctx.previousId });
}

/**
 * Logs a moderator or admin in. A wrong name and a wrong password give the same answer in
 * comparable time; failures are limited per name and per client.
 */
export function loginModerator(
  ctx: LoginContext,
  credentials: ModeratorLogin,
): Promise<{ token: string; session: SessionState }> {
  return limitedLogin(ctx, `login:name:${credentials.username.toLowerCase()}`, async () => {
    const user = await verifyCredentials(ctx.db, credentials.username, credentials.password);
    return user && { role: user.role, userId: user.id, username: user.username, ttlSeconds: ctx.sessionTtl };
  });
}

/**
 * Logs an author in to one entry with the entry's password. Every failure (no such entry, deleted,
 * another type, wrong password) gives the same answer in comparable time; failures are limited per
 * entry and per client.
 */
export function loginAuthor(
  ctx: LoginContext,
  credentials: AuthorLogin,
): Promise<{ token: string; session: SessionState }> {
  const { article_id: entryId, cpt: type, password } = credentials;
  return limitedLogin(ctx, `login:entry:${entryId}`, async () =>
    (await verifyEntryPassword(ctx.db, { id: entryId, type, password }))
      ? { role: 'anon', entryId, ttlSeconds: ctx.authorSessionTtl }
      : undefined,
  );
}
