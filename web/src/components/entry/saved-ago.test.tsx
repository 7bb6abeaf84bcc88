import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '../../lib/i18n';
import { renderScreen } from '../../test/render';
import SavedAgo, { relativeAgo } from './saved-ago';

const SAVED = '2026-11-25T16:40:00.000Z';
const at = (minutes: number) => Date.parse(SAVED) + minutes * 60_000;

afterEach(async () => {
  vi.useRealTimers();
  await act(() => changeLocale('de'));
});

describe('"last saved" label', () => {
  it('says how long ago in the interface language', () => {
    expect(relativeAgo(SAVED, at(0.5), 'de')).toBeNull();
    expect(relativeAgo(SAVED, at(2), 'de')).toBe('vor 2 Minuten');
    expect(relativeAgo(SAVED, at(2), 'de-CH')).toBe('vor 2 Minuten');
    expect(relativeAgo(SAVED, at(2), 'en')).toBe('2 minutes ago');
    expect(relativeAgo(SAVED, at(3 * 60), 'de')).toBe('vor 3 Stunden');
    expect(relativeAgo(SAVED, at(24 * 60), 'de')).toBe('gestern');
    expect(relativeAgo(SAVED, at(-5), 'de')).toBeNull();
  });

  it('updates as time passes; only a save is said out loud, not each tick', () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    vi.setSystemTime(at(2));
    renderScreen(<SavedAgo at={SAVED} />);
    const label = screen.getByText('Zuletzt gespeichert vor 2 Minuten');
    expect(label).toHaveAttribute('aria-hidden', 'true');
    const live = screen.getByText('Zuletzt gespeichert: 25.11.2026 16:40 UTC');
    expect(live).toHaveAttribute('aria-live', 'polite');
    act(() => vi.advanceTimersByTime(60_000));
    expect(label).toHaveTextContent('Zuletzt gespeichert vor 3 Minuten');
    expect(live).toHaveTextContent('Zuletzt gespeichert: 25.11.2026 16:40 UTC');
  });

  it('reads "just now" right after a save', async () => {
    await act(() => changeLocale('en'));
    renderScreen(<SavedAgo at={new Date().toISOString()} />);
    expect(screen.getByText('Last saved just now')).toBeVisible();
  });
});
