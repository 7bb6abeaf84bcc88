import type { Kysely } from 'kysely';
import type { AuthorLogin, ModeratorLogin } from '@einwurf/contract';
import type { Database } from '../../db/types.ts';
import { AppError } from '../../errors.ts';
import { countedAttempt, type RateLimiter } from '../../plugins/rate-limit.ts';
import { verifyEntryPassword } from '../entries/service.ts';
import { verifyCredentials } from '../users/service.ts';
import { LOGIN_LIMITS, startSession, type SessionState } from './sessions.ts';

type Db = Kysely<Database>;

const INVALID_CREDENTIALS = 'invalid credentials';
const LOGIN_REFUSED = 'too many login attempts, try again later';

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
 * The steps every login shares: count the attempt under the subject (account name or entry) and
 * the client before checking it, refuse while either is over its limit, forget the subject's
 * failures on success.
 */
async function limitedLogin(
  ctx: LoginContext,
  subjectKey: string,
  check: () => Promise<SessionInput | undefined>,
): Promise<{ token: string; session: SessionState }> {
  const limits = [
    [subjectKey, LOGIN_LIMITS.failuresPerName],
    [`login:client:${ctx.clientIp}`, LOGIN_LIMITS.failuresPerClient],
  ] as const;
  const input = await countedAttempt(ctx.limiter, limits, LOGIN_LIMITS.windowMs, LOGIN_REFUSED, check);
  if (!input) throw new AppError('INVALID_CREDENTIALS', INVALID_CREDENTIALS);
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
