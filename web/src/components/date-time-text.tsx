import { useFormatPointInTime } from '../lib/time-zone';

/**
 * A point in time as the person chose to see it (the spec's DD.MM.YYYY HH:mm UTC, or their own zone,
 * named), machine-readable in `dateTime`.
 */
export function DateTimeText({ value }: { value: string }) {
  const format = useFormatPointInTime();
  return <time dateTime={value}>{format(value)}</time>;
}
