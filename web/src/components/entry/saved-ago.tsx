import { useEffect, useState } from 'react';
import { Text, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFormatPointInTime } from '../../lib/time-zone';
import './kept-strings';

const TICK_MS = 30_000;
const UNITS: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
];

/** How long ago `at` was, in `language` ("vor 2 Minuten"); null under a minute. */
export function relativeAgo(at: string, now: number, language: string): string | null {
  const seconds = Math.max(0, (now - Date.parse(at)) / 1000);
  const format = new Intl.RelativeTimeFormat(language, { numeric: 'auto' });
  for (const [unit, size] of UNITS) {
    if (seconds >= size) return format.format(-Math.floor(seconds / size), unit);
  }
  return null;
}

/**
 * "Zuletzt gespeichert vor 2 Minuten" beside the Save button, updated as time passes. The ticking
 * text is not read out; a polite live region says the saved time once, whenever a save changes it.
 */
export default function SavedAgo({ at }: { at: string }) {
  const { t, i18n } = useTranslation();
  const formatTime = useFormatPointInTime();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, [at]);
  const when = relativeAgo(at, now, i18n.language) ?? t('kept.justNow');
  return (
    <>
      <Text size="sm" c="dimmed" aria-hidden="true" data-testid="saved-ago">
        {t('kept.savedAgo', { when })}
      </Text>
      <VisuallyHidden aria-live="polite">{t('kept.savedAt', { date: formatTime(at) })}</VisuallyHidden>
    </>
  );
}
