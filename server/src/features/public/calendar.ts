import type ICAL from 'ical.js';
import type { CalendarMapping, PublicEntryFields } from '@einwurf/contract';

// The iCalendar feed (RFC 5545) of a type whose config.json maps its fields to an event's. Times are
// stored in UTC and written in UTC; a date field makes an all-day event. Written with ical.js's
// component model, which escapes text values and folds long lines; ical-generator, tried first,
// spent about a millisecond per event folding a description of a kilobyte (a TextEncoder per character).

const DAY_MS = 24 * 60 * 60_000;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2})$/i;

/** A moment, or a whole UTC day (its midnight), read from a field of either format. */
type CalendarTime = { allDay: boolean; ms: number };

export type CalendarEvent = {
  uid: string;
  /** The entry's last change: without a METHOD, DTSTAMP is when the event was last revised. */
  stamp: number;
  start: number;
  /** Exclusive, as DTEND is; for an all-day event the midnight after its last day. */
  end: number | undefined;
  allDay: boolean;
  summary: string;
  location: string | undefined;
  description: string | undefined;
  url: string;
};

export type CalendarFormats = { start: string | undefined; end: string | undefined };

function timeOf(value: unknown, format: string | undefined): CalendarTime | undefined {
  if (typeof value !== 'string') return undefined;
  if (format === 'date') {
    const ms = ISO_DATE.test(value) ? Date.parse(`${value}T00:00:00Z`) : NaN;
    return Number.isNaN(ms) ? undefined : { allDay: true, ms };
  }
  const ms = ISO_DATE_TIME.test(value) ? Date.parse(value) : NaN;
  return Number.isNaN(ms) ? undefined : { allDay: false, ms };
}

const stringOf = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);

/** A web address from a field, normalised; anything else (another scheme, no URL) is left out. */
function webUrlOf(value: unknown): string | undefined {
  if (typeof value !== 'string' || !URL.canParse(value)) return undefined;
  const url = new URL(value);
  return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : undefined;
}

/**
 * An entry's event by its type's mapping, or undefined when its start is missing or no valid date.
 * The end is exclusive: a date is the event's last day, so it ends at the next UTC midnight (also
 * when the start has a time, as for the shipped event's "last day"); an end not after the start is
 * left out, as RFC 5545 forbids it.
 */
export function calendarEventOf(
  entry: PublicEntryFields,
  mapping: CalendarMapping,
  formats: CalendarFormats,
  meta: { uid: string; url: string },
): CalendarEvent | undefined {
  const start = timeOf(entry[mapping.start], formats.start);
  if (!start) return undefined;
  const endTime = mapping.end === undefined ? undefined : timeOf(entry[mapping.end], formats.end);
  let end: number | undefined;
  if (endTime) {
    const endDay = endTime.ms - (((endTime.ms % DAY_MS) + DAY_MS) % DAY_MS);
    // An all-day start takes whole days: a timed end counts by its day.
    end = endTime.allDay || start.allDay ? endDay + DAY_MS : endTime.ms;
    if (end <= start.ms) end = undefined;
  }
  return {
    uid: meta.uid,
    stamp: Date.parse(entry.updated_at),
    start: start.ms,
    end,
    allDay: start.allDay,
    summary: stringOf(entry[mapping.summary]) ?? entry.title,
    location: mapping.location === undefined ? undefined : stringOf(entry[mapping.location]),
    description: mapping.description === undefined ? undefined : stringOf(entry[mapping.description]),
    url: (mapping.url === undefined ? undefined : webUrlOf(entry[mapping.url])) ?? meta.url,
  };
}

/**
 * A text value as RFC 5545 allows it: line breaks become LF, which ical.js escapes as \\n; other control
 * characters have no place in a TEXT value (ical.js would write a bare CR as it is), so they go.
 */
function icalText(text: string): string {
  // eslint-disable-next-line no-control-regex -- removing control characters is the point
  return text.replace(/\r\n?/g, '\n').replace(/[\u0000-\u0008\u000B-\u001F\u007F]/g, '');
}

/** A moment in UTC, or a whole day, as ical.js writes it. */
function icalTime(Time: typeof ICAL.Time, ms: number, allDay: boolean): ICAL.Time {
  const time = Time.fromJSDate(new Date(ms), true);
  if (allDay) time.isDate = true;
  return time;
}

/** The calendar as an iCalendar document; ical.js loads at the first, not at the start. */
export async function renderCalendar(
  calendar: { name: string; version: string; language: string },
  events: CalendarEvent[],
): Promise<string> {
  const { default: ICAL } = await import('ical.js');
  const document = new ICAL.Component(['vcalendar', [], []]);
  document.updatePropertyWithValue(
    'prodid',
    `-//Einwurf//Einwurf ${calendar.version}//${calendar.language.toUpperCase()}`,
  );
  document.updatePropertyWithValue('version', '2.0');
  document.updatePropertyWithValue('calscale', 'GREGORIAN');
  // NAME (RFC 7986) and its older spelling, which most calendar apps read.
  document.updatePropertyWithValue('name', icalText(calendar.name));
  document.updatePropertyWithValue('x-wr-calname', icalText(calendar.name));
  for (const event of events) {
    const vevent = new ICAL.Component('vevent');
    vevent.updatePropertyWithValue('uid', event.uid);
    vevent.updatePropertyWithValue('dtstamp', icalTime(ICAL.Time, event.stamp, false));
    vevent.updatePropertyWithValue('last-modified', icalTime(ICAL.Time, event.stamp, false));
    vevent.updatePropertyWithValue('dtstart', icalTime(ICAL.Time, event.start, event.allDay));
    if (event.end !== undefined)
      vevent.updatePropertyWithValue('dtend', icalTime(ICAL.Time, event.end, event.allDay));
    vevent.updatePropertyWithValue('summary', icalText(event.summary));
    if (event.location !== undefined) vevent.updatePropertyWithValue('location', icalText(event.location));
    if (event.description !== undefined)
      vevent.updatePropertyWithValue('description', icalText(event.description));
    vevent.updatePropertyWithValue('url', event.url);
    document.addSubcomponent(vevent);
  }
  // Every content line ends with CRLF, the last one too (RFC 5545, section 3.1).
  return `${document.toString()}\r\n`;
}
