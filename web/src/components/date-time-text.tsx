import { formatDateTimeUtc } from '../lib/format-date';

/** A point in time as the spec shows it: DD.MM.YYYY HH:mm UTC, machine-readable in `dateTime`. */
export function DateTimeText({ value }: { value: string }) {
  return <time dateTime={value}>{formatDateTimeUtc(value)}</time>;
}
