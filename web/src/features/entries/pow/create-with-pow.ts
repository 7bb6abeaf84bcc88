import { ApiError } from '../../../lib/api-client';
import { isLocale, readPowToken } from '../../../lib/contract';
import { i18n } from '../../../lib/i18n';
import { getPowChallenge } from './api/get-pow-challenge';
import { redeemPow, type RedeemedPow } from './api/redeem-pow';
import { PowFlowError } from './pow-flow-error';
import { solvePowChallenge, type SolvePowOptions } from './solve-pow';

export type CreateWithPowInput = {
  cpt: string;
  password: string;
  /** Tries so far and the challenge's difficulty: first with 0 as the search starts, then as it goes. */
  onProgress?: (tries: number, difficulty: number) => void;
} & Pick<SolvePowOptions, 'signal' | 'createWorker' | 'concurrency'>;

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

/**
 * The create call of spec section 7: fetch a challenge, solve it (workers, cancelled by `signal`),
 * redeem it with the type and password. Abort errors pass through unchanged.
 */
export async function createEntryWithPow({ cpt, password, onProgress, ...solveOptions }: CreateWithPowInput) {
  let token: string;
  try {
    token = await getPowChallenge();
  } catch (error) {
    const handled = error instanceof ApiError && error.handled && error.code !== 'UNAUTHENTICATED';
    throw new PowFlowError(handled ? { kind: 'handled' } : { kind: 'challenge' }, error);
  }
  const claims = readPowToken(token);
  if (!claims) throw new PowFlowError({ kind: 'challenge' });

  let solution: string;
  try {
    onProgress?.(0, claims.difficulty);
    solution = await solvePowChallenge(claims, {
      ...solveOptions,
      onProgress: onProgress && ((tries) => onProgress(tries, claims.difficulty)),
    });
  } catch (error) {
    if (isAbort(error)) throw error;
    throw new PowFlowError({ kind: 'challenge' }, error);
  }
  if (solveOptions.signal?.aborted) throw new DOMException('cancelled', 'AbortError');

  try {
    // The entry remembers the interface language its author writes in.
    const language = isLocale(i18n.resolvedLanguage) ? i18n.resolvedLanguage : undefined;
    return await redeemPow({ token, solution, cpt, password, language });
  } catch (error) {
    if (error instanceof ApiError) {
      const passwordFields = (error.fields ?? []).filter((field) => field.field === 'password');
      if (error.code === 'VALIDATION_FAILED' && passwordFields.length > 0) {
        throw new PowFlowError({ kind: 'password', fields: passwordFields }, error);
      }
      if (error.handled && error.code !== 'UNAUTHENTICATED')
        throw new PowFlowError({ kind: 'handled' }, error);
    }
    throw new PowFlowError({ kind: 'rejected' }, error);
  }
}

export type { RedeemedPow };
export { PowFlowError, type PowFailure } from './pow-flow-error';
