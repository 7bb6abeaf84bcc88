/** A date-time value split as the spec shows it: date YYYY-MM-DD and time HH:mm, both in UTC. */
export type DateTimeParts = { date: string | null; time: string };

const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

/** Splits an ISO date-time into its UTC date and time; empty parts for anything else. */
export function splitDateTime(value: unknown): DateTimeParts {
  const instant = typeof value === 'string' && value !== '' ? new Date(value) : undefined;
  if (!instant || Number.isNaN(instant.getTime())) return { date: null, time: '' };
  const iso = instant.toISOString();
  return { date: iso.slice(0, 10), time: iso.slice(11, 16) };
}

/** The ISO UTC string of both parts (2026-11-21T18:30:00.000Z), or undefined unless both are set and valid. */
export function joinDateTime({ date, time }: DateTimeParts): string | undefined {
  if (!date || !TIME_PATTERN.test(time)) return undefined;
  const instant = new Date(`${date}T${time}:00.000Z`);
  if (Number.isNaN(instant.getTime())) return undefined;
  const iso = instant.toISOString();
  return iso.slice(0, 10) === date ? iso : undefined;
}

/** Why the parts give no value: one is missing, or they do not form a moment; undefined when fine or empty. */
export function dateTimeProblem(parts: DateTimeParts): 'incomplete' | 'invalid' | undefined {
  if (!parts.date && !parts.time) return undefined;
  if (!parts.date || !parts.time) return 'incomplete';
  return joinDateTime(parts) ? undefined : 'invalid';
}
