// Time as the server reads and keeps it: epoch milliseconds in UTC, from ISO date-times.

/** The app's clock: epoch milliseconds now. Tests move it to check what happens at a given time. */
export type Clock = () => number;

const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2})$/i;

/** An ISO 8601 date-time with its offset (2026-11-23T18:00:00Z) in epoch ms; undefined for anything else. */
export function parseIsoDateTime(raw: string): number | undefined {
  const value = ISO_DATE_TIME.test(raw) ? Date.parse(raw) : NaN;
  return Number.isNaN(value) ? undefined : value;
}
