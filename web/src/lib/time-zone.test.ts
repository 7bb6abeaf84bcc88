import { afterEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from './contract';
import { formatPointInTime, readTimeZoneChoice, setTimeZoneChoice } from './time-zone';

afterEach(() => localStorage.clear());

describe('formatPointInTime', () => {
  const winter = '2026-11-25T15:40:00.000Z';
  const summer = '2026-07-01T22:05:00.000Z';

  it('shows the spec’s default, labelled UTC', () => {
    expect(formatPointInTime(winter, 'utc')).toBe('25.11.2026 15:40 UTC');
  });

  it('shows the person’s own zone by name, with its offset of the day', () => {
    expect(formatPointInTime(winter, 'local', 'Europe/Zurich')).toBe('25.11.2026 16:40 (Europe/Zurich)');
    // Summer time, and a time past midnight there: the date moves on too.
    expect(formatPointInTime(summer, 'local', 'Europe/Zurich')).toBe('02.07.2026 00:05 (Europe/Zurich)');
    expect(formatPointInTime(winter, 'local', 'America/New_York')).toBe(
      '25.11.2026 10:40 (America/New_York)',
    );
  });

  it('falls back to UTC for a zone Intl does not know, and leaves an unreadable value as it is', () => {
    expect(formatPointInTime(winter, 'local', 'Nowhere/Atlantis')).toBe('25.11.2026 15:40 UTC');
    expect(formatPointInTime('soon', 'local', 'Europe/Zurich')).toBe('soon UTC');
  });
});

describe('the time-zone choice', () => {
  it('is UTC until the person chooses, then remembered', () => {
    expect(readTimeZoneChoice()).toBe('utc');
    setTimeZoneChoice('local');
    expect(localStorage.getItem(STORAGE_KEYS.timeZone)).toBe('local');
    expect(readTimeZoneChoice()).toBe('local');
  });

  it('reads an unknown stored value as UTC', () => {
    localStorage.setItem(STORAGE_KEYS.timeZone, 'mars');
    expect(readTimeZoneChoice()).toBe('utc');
  });
});
