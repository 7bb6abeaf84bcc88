import { describe, expect, it, vi } from 'vitest';
import { checkPowSolution, powDigest, powDigestHasTrailingZeroBits } from '@einwurf/contract';
import type { PowWorkerMessage, PowWorkerRequest } from './pow-protocol';
import { createPowSearch, probePowSearch } from './pow-search';
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

  // The contract's powDigest is @noble/hashes' SHA-256 over the UTF-8 of nonce + counter.
  it('computes the digest @noble/hashes computes, for nonces of every length and across new digits', () => {
    // A seeded generator, so a failure can be reproduced.
    let seed = 0x2545f491;
    const random = () => {
      seed ^= seed << 13;
      seed ^= seed >>> 17;
      seed ^= seed << 5;
      return (seed >>> 0) / 2 ** 32;
    };
    const hexNonce = (length: number) =>
      Array.from({ length }, () => Math.floor(random() * 16).toString(16)).join('');
    const words = (digest: Uint8Array) => {
      const view = new DataView(digest.buffer, digest.byteOffset, 32);
      return Array.from({ length: 8 }, (_, i) => view.getInt32(i * 4));
    };
    // Every nonce length the rule allows (so every position of the digits in the last block, with
    // one or two blocks), starting below each power of ten so the digit count grows mid-search.
    for (let length = 32; length <= 128; length++) {
      const nonce = hexNonce(length);
      const power = 10 ** (1 + ((length * 7) % 15));
      const step = [1, 2, 3, 7, 32][length % 5]!;
      const start = Math.max(0, power - step * 6 - Math.floor(random() * step));
      const count = 12;
      const { last, full } = probePowSearch(nonce, start, step, count);
      for (let i = 0; i < count; i++) {
        const expected = words(powDigest(nonce, start + i * step));
        expect([length, start + i * step, last[i]]).toEqual([length, start + i * step, expected[7]]);
        expect(Array.from(full.subarray(i * 8, i * 8 + 8))).toEqual(expected);
      }
    }
  });

  it('finds solutions the contract accepts from random starts, also past a new digit', () => {
    for (const [nonce, start, step] of [
      ['ab'.repeat(16), 9_995, 1],
      ['cd'.repeat(27), 99_990, 3],
      ['ef'.repeat(30), 999_980, 8],
      ['01'.repeat(64), 9_999_990, 2],
    ] as const) {
      const solution = createPowSearch(nonce, 9)(start, step, 100_000);
      expect(solution).toBe(firstSolution(nonce, 9, start, step));
      expect(checkPowSolution(nonce, solution, 9)).toBe(true);
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
