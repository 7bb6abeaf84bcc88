import { describe, expect, it, vi } from 'vitest';
import { checkPowSolution, powDigest, powDigestHasTrailingZeroBits } from '@einwurf/contract';
import type { PowWorkerMessage, PowWorkerRequest } from './pow-protocol';
import { createPowSearch } from './pow-search';
import { PowChallengeError, solvePowChallenge, type PowWorkerLike } from './solve-pow';

const NONCE = '0f1e2d3c4b5a69788796a5b4c3d2e1f0';

/** The first counter start, start + step, … that the contract's rule accepts, found the slow way. */
function firstSolution(nonce: string, difficulty: number, start = 0, step = 1): number {
  for (let counter = start; ; counter += step) {
    if (powDigestHasTrailingZeroBits(powDigest(nonce, counter), difficulty)) return counter;
  }
}

describe('the proof-of-work search', () => {
  it.each([
    ['a 32-character nonce (one block)', NONCE],
    ['a 52-character nonce (two blocks once the counter grows)', 'ab'.repeat(26)],
    ['a 64-character nonce (a whole block hashed once)', 'cd'.repeat(32)],
    ['a 128-character nonce', 'ef01'.repeat(32)],
  ])('finds the first counter the contract accepts for %s', (_name, nonce) => {
    for (const difficulty of [1, 6, 11]) {
      for (const [start, step] of [
        [0, 1],
        [2, 3],
        [995, 8],
      ] as const) {
        const solution = createPowSearch(nonce, difficulty)(start, step, 1_000_000);
        expect(solution).toBe(firstSolution(nonce, difficulty, start, step));
        expect(checkPowSolution(nonce, solution, difficulty)).toBe(true);
      }
    }
  });

  it('gives up after the tries it was given', () => {
    expect(createPowSearch(NONCE, 40)(0, 1, 1000)).toBe(-1);
  });
});

describe('solvePowChallenge on the main thread', () => {
  it('answers a decimal counter the contract (and so the server) accepts, with progress', async () => {
    const onProgress = vi.fn();
    const solution = await solvePowChallenge(
      { nonce: NONCE, difficulty: 15 },
      { createWorker: null, onProgress },
    );
    expect(solution).toMatch(/^(0|[1-9][0-9]*)$/);
    expect(checkPowSolution(NONCE, solution, 15)).toBe(true);
    expect(solution).toBe(String(firstSolution(NONCE, 15)));
    if (Number(solution) >= 50_000) expect(onProgress).toHaveBeenCalledWith(50_000);
  });

  it.each([0, 64, 1.5, Number.NaN])('refuses difficulty %s before solving', async (difficulty) => {
    await expect(solvePowChallenge({ nonce: NONCE, difficulty }, { createWorker: null })).rejects.toThrow(
      PowChallengeError,
    );
  });

  it('refuses a challenge without a nonce', async () => {
    await expect(solvePowChallenge({ nonce: '', difficulty: 4 }, { createWorker: null })).rejects.toThrow(
      PowChallengeError,
    );
  });

  it('stops when cancelled', async () => {
    const controller = new AbortController();
    const solving = solvePowChallenge(
      { nonce: NONCE, difficulty: 60 },
      { createWorker: null, signal: controller.signal },
    );
    setTimeout(() => controller.abort(), 20);
    await expect(solving).rejects.toMatchObject({ name: 'AbortError' });
  });
});

/** A stand-in worker that runs the same search in slices, as pow-worker.ts does, on timers. */
class FakeWorker implements PowWorkerLike {
  static all: FakeWorker[] = [];
  onmessage: ((event: MessageEvent<PowWorkerMessage>) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  request: PowWorkerRequest | null = null;
  terminated = false;
  constructor() {
    FakeWorker.all.push(this);
  }
  postMessage(request: PowWorkerRequest) {
    this.request = request;
    const search = createPowSearch(request.nonce, request.difficulty);
    const slice = 1000;
    let counter = request.start;
    let tries = 0;
    const step = () => {
      if (this.terminated) return;
      const solution = search(counter, request.step, slice);
      tries += slice;
      counter += slice * request.step;
      const message: PowWorkerMessage =
        solution >= 0 ? { type: 'found', solution } : { type: 'progress', tries };
      this.onmessage?.({ data: message } as MessageEvent<PowWorkerMessage>);
      if (solution < 0) setTimeout(step, 0);
    };
    setTimeout(step, 0);
  }
  terminate() {
    this.terminated = true;
  }
}

describe('solvePowChallenge on workers', () => {
  it('shares the counters among the workers, takes the first solution and stops them all', async () => {
    FakeWorker.all = [];
    const onProgress = vi.fn();
    const solution = await solvePowChallenge(
      { nonce: NONCE, difficulty: 14 },
      { createWorker: () => new FakeWorker(), concurrency: 4, onProgress },
    );
    expect(checkPowSolution(NONCE, solution, 14)).toBe(true);
    expect(FakeWorker.all.map((w) => [w.request?.start, w.request?.step])).toEqual([
      [0, 4],
      [1, 4],
      [2, 4],
      [3, 4],
    ]);
    expect(FakeWorker.all.every((w) => w.terminated)).toBe(true);
  });

  it('terminates the workers when the page is left', async () => {
    FakeWorker.all = [];
    const controller = new AbortController();
    const solving = solvePowChallenge(
      { nonce: NONCE, difficulty: 60 },
      { createWorker: () => new FakeWorker(), concurrency: 2, signal: controller.signal },
    );
    controller.abort();
    await expect(solving).rejects.toMatchObject({ name: 'AbortError' });
    expect(FakeWorker.all).toHaveLength(2);
    expect(FakeWorker.all.every((w) => w.terminated)).toBe(true);
  });
});
