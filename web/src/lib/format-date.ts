const pad = (n: number) => String(n).padStart(2, '0');

/** The spec's date format (section 9): DD.MM.YYYY HH:mm in UTC; an unreadable value stays as it is. */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return `${pad(date.getUTCDate())}.${pad(date.getUTCMonth() + 1)}.${date.getUTCFullYear()} ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}`;
}
