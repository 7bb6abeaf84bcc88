import { describe, expect, it } from 'vitest';
import { formatMegabytes, formatNumber, formatPercent } from './format-number';

describe('formatMegabytes', () => {
  it('writes sizes in MB (1 MB = 1,000,000 bytes) with two decimals in the reader’s language', () => {
    expect(formatMegabytes(300_000, 'de')).toBe('0,30');
    expect(formatMegabytes(300_000, 'en')).toBe('0.30');
    expect(formatMegabytes(2_345_678, 'de')).toBe('2,35');
    expect(formatMegabytes(10_000_000, 'en')).toBe('10.00');
  });

  it('follows Swiss German conventions as Intl knows them: a decimal point, an apostrophe for thousands', () => {
    expect(formatMegabytes(300_000, 'de-CH')).toBe('0.30');
    expect(formatMegabytes(1_234_000_000, 'de-CH')).toMatch(/^1[’']234\.00$/);
  });

  it('groups thousands in German and English', () => {
    expect(formatMegabytes(1_234_000_000, 'de')).toBe('1.234,00');
    expect(formatMegabytes(1_234_000_000, 'en')).toBe('1,234.00');
  });
});

describe('formatNumber', () => {
  it('writes counts with the language’s grouping', () => {
    expect(formatNumber(1234567, 'de')).toBe('1.234.567');
    expect(formatNumber(1234567, 'en')).toBe('1,234,567');
    expect(formatNumber(1234567, 'de-CH')).toMatch(/^1[’']234[’']567$/);
  });

  it('keeps at most one decimal unless told otherwise', () => {
    expect(formatNumber(12.345, 'de')).toBe('12,3');
    expect(formatNumber(12.345, 'en', { maximumFractionDigits: 2 })).toBe('12.35');
  });

  it('falls back to German for a language Intl does not know', () => {
    expect(formatNumber(1234.5, 'not a language')).toBe('1.234,5');
  });
});

describe('formatPercent', () => {
  it('writes a ratio as a percentage in the language', () => {
    expect(formatPercent(0.125, 'de')).toBe('12,5\u00a0%');
    expect(formatPercent(0.125, 'en')).toBe('12.5%');
  });
});
