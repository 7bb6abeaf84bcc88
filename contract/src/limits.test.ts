import { describe, expect, it } from 'vitest';
import { formatMegabytes } from './limits.ts';

describe('formatMegabytes', () => {
  it('uses 1 MB = 1,000,000 bytes and two decimals', () => {
    expect(formatMegabytes(1_000_000)).toBe('1.00');
    expect(formatMegabytes(2_345_678)).toBe('2.35');
    expect(formatMegabytes(10_000_000)).toBe('10.00');
  });
});
