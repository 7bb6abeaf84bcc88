import { describe, expect, it } from 'vitest';
import { isoDateTime, parseIsoDateTime } from './time.ts';

describe('isoDateTime', () => {
  it("answers what Date's toISOString does, for any time and at every boundary", () => {
    const times = [
      0,
      1,
      999,
      1000,
      59_999,
      86_399_999,
      86_400_000,
      951_782_400_000, // 2000-02-29
      1_796_192_633_322,
      253_402_300_799_999, // the last millisecond of 9999
    ];
    for (let i = 0; i < 20_000; i += 1) times.push(Math.floor(Math.random() * 253_402_300_800_000));
    for (const ms of times) expect(isoDateTime(ms)).toBe(new Date(ms).toISOString());
  });

  it('leaves times before 1970, after 9999 and fractions to Date, and refuses what Date refuses', () => {
    for (const ms of [-1, -62_198_755_200_000, 253_402_300_800_000, 8.64e15, 1.5, 1_796_192_633_322.7]) {
      expect(isoDateTime(ms)).toBe(new Date(ms).toISOString());
    }
    expect(() => isoDateTime(Number.NaN)).toThrow(RangeError);
    expect(() => isoDateTime(8.64e15 + 1)).toThrow(RangeError);
  });

  it('reads back what parseIsoDateTime reads', () => {
    const ms = 1_796_192_633_322;
    expect(parseIsoDateTime(isoDateTime(ms))).toBe(ms);
  });
});
