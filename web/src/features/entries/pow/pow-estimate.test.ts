import { describe, expect, it } from 'vitest';
import { createThrottle, estimatePow, expectedPowTries, POW_ANNOUNCE_EVERY_MS } from './pow-estimate';

describe('the proof-of-work estimate', () => {
  it('expects 2^difficulty tries', () => {
    expect(expectedPowTries(1)).toBe(2);
    expect(expectedPowTries(20)).toBe(1_048_576);
  });

  it('shows the share of the expected tries, capped below 100 until the solution is found', () => {
    expect(estimatePow(0, 20, 0)).toEqual({ percent: 0, secondsLeft: null });
    expect(estimatePow(262_144, 20, 1000).percent).toBe(25);
    expect(estimatePow(1_048_576, 20, 4000).percent).toBe(99);
    expect(estimatePow(5_000_000, 20, 9000).percent).toBe(99);
  });

  it('estimates the time left from the rate measured so far', () => {
    // A quarter of the tries in one second: three quarters take about three seconds more.
    expect(estimatePow(262_144, 20, 1000).secondsLeft).toBe(3);
    // Rounds up: a little work left is still a second.
    expect(estimatePow(1_000_000, 20, 1000).secondsLeft).toBe(1);
    // Past the expected tries there is no time to promise.
    expect(estimatePow(2_000_000, 20, 2000).secondsLeft).toBe(0);
  });
});

describe('the announcement throttle', () => {
  it('lets the first call through, then one per five seconds', () => {
    const mayAnnounce = createThrottle(POW_ANNOUNCE_EVERY_MS);
    expect(POW_ANNOUNCE_EVERY_MS).toBe(5000);
    expect(mayAnnounce(1000)).toBe(true);
    // Thirty reports a second for almost five seconds: none of them passes.
    const quiet = Array.from({ length: 149 }, (_, i) => mayAnnounce(1000 + (i + 1) * 33));
    expect(quiet.filter(Boolean)).toEqual([]);
    expect(mayAnnounce(6000)).toBe(true);
    expect(mayAnnounce(10_999)).toBe(false);
    expect(mayAnnounce(11_000)).toBe(true);
  });
});
