import { useSyncExternalStore } from 'react';
import { formatDateTime } from './contract';
import { STORAGE_KEYS } from './contract';
import { readString, writeString } from './storage';

// Times are shown as the spec's default (DD.MM.YYYY HH:mm UTC, labelled UTC) unless the person chose
// their own time zone (DESIGN, Time); the choice is remembered in this browser and every screen
// follows it at once.

export type TimeZoneChoice = 'utc' | 'local';

const listeners = new Set<() => void>();

/** The remembered choice; UTC when none (or an unknown value) is stored. */
export function readTimeZoneChoice(): TimeZoneChoice {
  return readString(STORAGE_KEYS.timeZone) === 'local' ? 'local' : 'utc';
}

/** Remembers the choice and redraws every time on the page. */
export function setTimeZoneChoice(choice: TimeZoneChoice): void {
  writeString(STORAGE_KEYS.timeZone, choice);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab's choice applies here too.
  const onStorage = (event: StorageEvent) => {
    if (event.key === STORAGE_KEYS.timeZone) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The current choice, re-rendering when it changes. */
export function useTimeZoneChoice(): TimeZoneChoice {
  return useSyncExternalStore(subscribe, readTimeZoneChoice, () => 'utc');
}

/** The browser's own time zone (IANA name, e.g. Europe/Zurich). */
export function ownTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

const pad = (part: string | undefined) => (part ?? '').padStart(2, '0');

/**
 * A point in time as the person chose to see it: the spec's default (25.11.2026 15:40 UTC), or the
 * same format in their own zone, named (25.11.2026 16:40 (Europe/Zurich)). An unreadable value stays as it is.
 */
export function formatPointInTime(iso: string, choice: TimeZoneChoice, zone: string = ownTimeZone()): string {
  const date = new Date(iso);
  if (choice === 'utc' || Number.isNaN(date.getTime())) return `${formatDateTime(iso)} UTC`;
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = new Intl.DateTimeFormat('en-GB', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).formatToParts(date);
  } catch {
    return `${formatDateTime(iso)} UTC`;
  }
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value;
  return `${pad(part('day'))}.${pad(part('month'))}.${part('year')} ${pad(part('hour'))}:${pad(part('minute'))} (${zone})`;
}

/** Formats points in time as the person chose, re-rendering the caller when the choice changes. */
export function useFormatPointInTime(): (iso: string) => string {
  const choice = useTimeZoneChoice();
  return (iso) => formatPointInTime(iso, choice);
}
