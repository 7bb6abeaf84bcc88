import { formatDateTime } from './contract';

export { formatDateTime, formatDate } from './contract';

/** A point in time as people read it (DESIGN, Time): DD.MM.YYYY HH:mm, labelled UTC. */
export function formatDateTimeUtc(iso: string): string {
  return `${formatDateTime(iso)} UTC`;
}
