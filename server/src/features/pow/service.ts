import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  checkPowSolution,
  entryPasswordProblems,
  POW_DIFFICULTY_MAX,
  POW_TOKEN_TTL_SECONDS,
  type Entry,
  type FieldError,
  type PowSubmission,
} from '@einwurf/contract';
import type { Database } from '../../db/types.ts';
import { AppError } from '../../errors.ts';
import { startSession, type SessionState } from '../auth/sessions.ts';
import type { ContentTypes } from '../content-types/service.ts';
import { createEntry } from '../entries/author-service.ts';
import { countEntriesCreatedSince } from '../entries/service.ts';
import { hashPassword } from '../users/passwords.ts';
import type { SpentTokenStore } from './spent-tokens.ts';
import { signPowToken, verifyPowToken } from './token.ts';

type Db = Kysely<Database>;

const MINUTE_MS = 60_000;

/**
 * The difficulty for the next challenge: the configured one, plus one bit for each doubling of the
 * entry creations in the last minute over the configured rate (capped at 63).
 */
export function difficultyFor(base: number, ratePerMinute: number, createdLastMinute: number): number {
  if (createdLastMinute <= ratePerMinute) return base;
  const extra = Math.ceil(Math.log2(createdLastMinute / ratePerMinute));
  return Math.min(POW_DIFFICULTY_MAX, base + extra);
}

/** The current difficulty, counted from the entries table so every instance agrees. */
export async function currentDifficulty(
  db: Db,
  settings: { base: number; ratePerMinute: number },
  now = Date.now(),
): Promise<number> {
  const created = await countEntriesCreatedSince(db, now - MINUTE_MS);
  return difficultyFor(settings.base, settings.ratePerMinute, created);
}

/** A signed challenge: a fresh 128-bit nonce (also the token's id), the difficulty, five minutes. */
export function issueChallenge(secret: string, difficulty: number, now = Date.now()): string {
  const nonce = randomBytes(16).toString('hex');
  const iat = Math.floor(now / 1000);
  return signPowToken(secret, { jti: nonce, nonce, difficulty, iat, exp: iat + POW_TOKEN_TTL_SECONDS });
}

export type RedeemContext = {
  db: Db;
  /** The secrets that still verify a challenge (the signing one first). */
  secrets: readonly string[];
  spentTokens: SpentTokenStore;
  contentTypes: ContentTypes;
  authorSessionTtl: number;
  previousSessionId: string | null;
};

/**
 * Turns a solved challenge into a new draft entry and its author's session. The token must be
 * genuine, unexpired, solved and unused (each refusal has its own code); cpt and password are
 * checked before the token is spent, so a weak password can be corrected with the same solution.
 */
export async function redeemChallenge(
  ctx: RedeemContext,
  token: string,
  submission: PowSubmission,
): Promise<{ entry: Entry; token: string; session: SessionState }> {
  const now = Date.now();
  const claims = verifyPowToken(ctx.secrets, token, Math.floor(now / 1000));
  if (!checkPowSolution(claims.nonce, submission.solution, claims.difficulty)) {
    throw new AppError(
      'POW_UNSOLVED',
      `the solution does not solve the challenge (difficulty ${claims.difficulty})`,
    );
  }
  const fields: FieldError[] = [];
  if (!ctx.contentTypes.types.has(submission.cpt)) {
    fields.push({ field: 'cpt', keyword: 'enum', message: `no entry type "${submission.cpt}"` });
  }
  fields.push(...entryPasswordProblems(submission.password));
  if (fields.length > 0) {
    throw new AppError('VALIDATION_FAILED', fields.map((f) => `${f.field}: ${f.message}`).join('; '), fields);
  }
  if (!(await ctx.spentTokens.spend(claims.jti, claims.exp * 1000))) {
    throw new AppError('POW_REPLAYED', 'challenge token was used before; fetch a new one');
  }
  const entry = await createEntry(ctx.db, {
    type: submission.cpt,
    passwordHash: await hashPassword(submission.password),
    language: submission.language,
  });
  const started = await startSession(ctx.db, {
    role: 'anon',
    entryId: entry.data.id,
    ttlSeconds: ctx.authorSessionTtl,
    previousId: ctx.previousSessionId,
  });
  return { entry, ...started };
}
