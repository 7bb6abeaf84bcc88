/** What the solver sends each worker: the challenge and the worker's share of the counters. */
export type PowWorkerRequest = { nonce: string; difficulty: number; start: number; step: number };

/** What a worker reports: tries so far (every POW_PROGRESS_EVERY), or the solution it found. */
export type PowWorkerMessage = { type: 'progress'; tries: number } | { type: 'found'; solution: number };

/** Tries between two progress reports of a worker (and between two pauses of the main-thread search). */
export const POW_PROGRESS_EVERY = 50_000;
