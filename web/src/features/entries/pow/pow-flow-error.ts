import type { FieldError } from '../../../lib/contract';

/**
 * Why creating failed: the server issued no usable challenge, did not accept the solution, refused
 * the password (its field errors), or the API client already told the user (429/500 pages).
 */
export type PowFailure =
  | { kind: 'challenge' }
  | { kind: 'rejected' }
  | { kind: 'password'; fields: FieldError[] }
  | { kind: 'handled' };

export class PowFlowError extends Error {
  readonly failure: PowFailure;
  constructor(failure: PowFailure, cause?: unknown) {
    super(`creating the entry failed: ${failure.kind}`, { cause });
    this.name = 'PowFlowError';
    this.failure = failure;
  }
}
