/** How often, at most, a screen reader hears how the proof of work is going. */
export const POW_ANNOUNCE_EVERY_MS = 5000;

/** The percentage shown stays below 100 until a solution is found: the number of tries is luck. */
const MAX_PERCENT = 99;

export type PowEstimate = {
  /** Tries done as a share of the expected number, 0–99. */
  percent: number;
  /** Seconds left at the rate measured so far; 0 once past the expected tries, null before a rate. */
  secondsLeft: number | null;
};

/** The number of tries a challenge takes on average: each try succeeds with chance 2^-difficulty. */
export function expectedPowTries(difficulty: number): number {
  return 2 ** difficulty;
}

/** How far the search is against the expected number of tries, and how long it will likely take yet. */
export function estimatePow(tries: number, difficulty: number, elapsedMs: number): PowEstimate {
  const expected = expectedPowTries(difficulty);
  const percent = Math.min(MAX_PERCENT, Math.floor((tries / expected) * 100));
  if (tries <= 0 || elapsedMs <= 0) return { percent, secondsLeft: null };
  const triesPerMs = tries / elapsedMs;
  return { percent, secondsLeft: Math.max(0, Math.ceil((expected - tries) / triesPerMs / 1000)) };
}

/**
 * A gate that opens at most once per `everyMs`: the first call passes, later ones only when that much
 * time has gone by since the last that passed.
 */
export function createThrottle(everyMs: number): (now: number) => boolean {
  let last: number | null = null;
  return (now) => {
    if (last !== null && now - last < everyMs) return false;
    last = now;
    return true;
  };
}
