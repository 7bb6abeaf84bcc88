import { checkPowSolution, isValidPowDifficulty, type PowClaims } from '@einwurf/contract';
import { POW_PROGRESS_EVERY, type PowWorkerMessage, type PowWorkerRequest } from './pow-protocol';
import { createPowSearch } from './pow-search';

/** A challenge as the token carries it. */
export type PowChallengeClaims = Pick<PowClaims, 'nonce' | 'difficulty'>;

/** The part of a Worker the solver uses, so tests can hand it stand-ins. */
export type PowWorkerLike = {
  onmessage: ((event: MessageEvent<PowWorkerMessage>) => void) | null;
  onerror: ((event: ErrorEvent) => void) | null;
  postMessage: (request: PowWorkerRequest) => void;
  terminate: () => void;
};

export type SolvePowOptions = {
  /** Aborting stops every worker (leaving the page does). */
  signal?: AbortSignal;
  /** Tries so far over all workers, about every 50,000 tries of each. */
  onProgress?: (tries: number) => void;
  /** How many workers; the machine's cores by default. */
  concurrency?: number;
  /** Creates a worker; undefined (or Worker missing) searches on the main thread instead. */
  createWorker?: (() => PowWorkerLike) | null;
};

/** Thrown before any work when the token's claims are not a challenge the rule accepts. */
export class PowChallengeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PowChallengeError';
  }
}

function abortError(): DOMException {
  return new DOMException('The proof-of-work search was cancelled', 'AbortError');
}

/** The browser's own worker, built by Vite as a module chunk of its own. */
export function createBrowserWorker(): PowWorkerLike {
  return new Worker(new URL('./pow-worker.ts', import.meta.url), {
    type: 'module',
  }) as unknown as PowWorkerLike;
}

function defaultWorkerFactory(): (() => PowWorkerLike) | null {
  return typeof Worker === 'undefined' ? null : createBrowserWorker;
}

function defaultConcurrency(): number {
  const cores = typeof navigator === 'undefined' ? 1 : navigator.hardwareConcurrency;
  return Number.isInteger(cores) && cores > 0 ? Math.min(cores, 32) : 1;
}

/** Checks difficulty (1–63) and nonce before anything is solved (spec section 5). */
export function assertPowChallenge(claims: PowChallengeClaims): void {
  if (!isValidPowDifficulty(claims.difficulty)) {
    throw new PowChallengeError(`difficulty ${String(claims.difficulty)} is not 1-63`);
  }
  if (typeof claims.nonce !== 'string' || claims.nonce === '') throw new PowChallengeError('no nonce');
}

function searchOnWorkers(
  { nonce, difficulty }: PowChallengeClaims,
  createWorker: () => PowWorkerLike,
  concurrency: number,
  signal: AbortSignal | undefined,
  onProgress: ((tries: number) => void) | undefined,
): Promise<number> {
  return new Promise((resolve, reject) => {
    const workers: PowWorkerLike[] = [];
    const tries = new Array<number>(concurrency).fill(0);
    let settled = false;
    const finish = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      workers.forEach((worker) => worker.terminate());
      signal?.removeEventListener('abort', handleAbort);
      outcome();
    };
    const handleAbort = () => finish(() => reject(abortError()));
    signal?.addEventListener('abort', handleAbort);
    try {
      for (let index = 0; index < concurrency; index++) {
        const worker = createWorker();
        workers.push(worker);
        worker.onmessage = ({ data }) => {
          if (settled) return;
          if (data.type === 'found') {
            finish(() => resolve(data.solution));
          } else {
            tries[index] = data.tries;
            onProgress?.(tries.reduce((sum, n) => sum + n, 0));
          }
        };
        worker.onerror = (event) => {
          event.preventDefault?.();
          finish(() => reject(new Error(`proof-of-work worker failed: ${event.message}`)));
        };
        worker.postMessage({ nonce, difficulty, start: index, step: concurrency });
      }
    } catch (error) {
      finish(() => reject(error instanceof Error ? error : new Error(String(error))));
    }
  });
}

async function searchOnMainThread(
  { nonce, difficulty }: PowChallengeClaims,
  signal: AbortSignal | undefined,
  onProgress: ((tries: number) => void) | undefined,
): Promise<number> {
  const search = createPowSearch(nonce, difficulty);
  for (let counter = 0; ; counter += POW_PROGRESS_EVERY) {
    if (signal?.aborted) throw abortError();
    const solution = search(counter, 1, POW_PROGRESS_EVERY);
    if (solution >= 0) return solution;
    onProgress?.(counter + POW_PROGRESS_EVERY);
    // A pause between slices keeps the page responsive and lets leaving it cancel the search.
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
}

/**
 * Finds a counter whose SHA-256 over `nonce + counter` ends in `difficulty` zero bits: in Web Workers
 * on all cores (worker i of n tries i, i + n, …), on the main thread where workers are missing.
 * Answers the counter in decimal, checked with the contract's rule.
 */
export async function solvePowChallenge(
  claims: PowChallengeClaims,
  options: SolvePowOptions = {},
): Promise<string> {
  assertPowChallenge(claims);
  const { signal, onProgress } = options;
  if (signal?.aborted) throw abortError();
  const createWorker = options.createWorker === undefined ? defaultWorkerFactory() : options.createWorker;
  const solution = createWorker
    ? await searchOnWorkers(
        claims,
        createWorker,
        options.concurrency ?? defaultConcurrency(),
        signal,
        onProgress,
      )
    : await searchOnMainThread(claims, signal, onProgress);
  if (!checkPowSolution(claims.nonce, solution, claims.difficulty)) {
    throw new Error(`proof-of-work search reported ${solution}, which does not solve the challenge`);
  }
  return String(solution);
}
