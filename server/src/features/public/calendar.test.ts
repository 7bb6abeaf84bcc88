import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import type { CalendarMapping, PublicEntryFields } from '@einwurf/contract';
import { calendarEventOf, renderCalendar, type CalendarFormats } from './calendar.ts';

const UPDATED = '2026-11-20T08:30:00.000Z';
const META = { uid: '0f3c1d9e-0000-5000-8000-000000000001', url: 'https://zeitung.example/read/abc' };

function entry(fields: Record<string, unknown>): PublicEntryFields {
  return {
    id: 'abc',
    type: 'event',
    title: 'Konzert im Park',
    published_at: UPDATED,
    updated_at: UPDATED,
    content: 'Text.',
    ...fields,
  };
}

/** Renders the events and reads them back with a real iCalendar parser. */
async function parsed(events: ReturnType<typeof calendarEventOf>[]): Promise<ICAL.Event[]> {
  const text = await renderCalendar(
    { name: 'Einwurf: Veranstaltung', version: '1.0.0', language: 'de' },
    events.flatMap((e) => (e ? [e] : [])),
  );
  // Content lines end with CRLF, and no CR or LF stands anywhere else.
  expect(text.endsWith('\r\n')).toBe(true);
  expect(text.split('\r\n').filter((line) => /[\r\n]/.test(line))).toEqual([]);
  const calendar = new ICAL.Component(ICAL.parse(text));
  return calendar.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
}

const timed: CalendarFormats = { start: 'date-time', end: 'date-time' };
const mapping: CalendarMapping = { start: 'from', end: 'to', summary: 'title', location: 'place' };

describe('calendar events', () => {
  it('writes a timed event in UTC with its end, place, stamp and URL', async () => {
    const [event] = await parsed([
      calendarEventOf(
        entry({ from: '2026-12-01T19:30:00+01:00', to: '2026-12-01T22:00:00Z', place: 'Park; Bühne, Nord' }),
        mapping,
        timed,
        META,
      ),
    ]);
    expect(event!.uid).toBe(META.uid);
    expect(event!.summary).toBe('Konzert im Park');
    expect(event!.location).toBe('Park; Bühne, Nord');
    expect(event!.startDate.isDate).toBe(false);
    expect(event!.startDate.toJSDate().toISOString()).toBe('2026-12-01T18:30:00.000Z');
    expect(event!.startDate.zone.tzid).toBe('UTC');
    expect(event!.endDate.toJSDate().toISOString()).toBe('2026-12-01T22:00:00.000Z');
    const stamp = event!.component.getFirstPropertyValue('dtstamp') as ICAL.Time;
    expect(stamp.toJSDate().toISOString()).toBe('2026-11-20T08:30:00.000Z');
    expect(event!.component.getFirstPropertyValue('url')).toBe(META.url);
  });

  it('makes a date start an all-day event, its last day inclusive', async () => {
    const formats: CalendarFormats = { start: 'date', end: 'date' };
    const [oneDay, threeDays] = await parsed([
      calendarEventOf(entry({ from: '2026-12-24' }), mapping, formats, META),
      calendarEventOf(entry({ from: '2026-12-24', to: '2026-12-26' }), mapping, formats, META),
    ]);
    expect(oneDay!.startDate.isDate).toBe(true);
    expect(oneDay!.startDate.toString()).toBe('2026-12-24');
    expect(oneDay!.component.hasProperty('dtend')).toBe(false);
    expect(threeDays!.startDate.toString()).toBe('2026-12-24');
    expect(threeDays!.endDate.isDate).toBe(true);
    // DTEND is exclusive: the day after the last.
    expect(threeDays!.endDate.toString()).toBe('2026-12-27');
  });

  it('ends a timed event whose end is a date at the end of that day (UTC)', async () => {
    const [event] = await parsed([
      calendarEventOf(
        entry({ from: '2026-12-01T18:00:00Z', to: '2026-12-03' }),
        mapping,
        { start: 'date-time', end: 'date' },
        META,
      ),
    ]);
    expect(event!.startDate.toJSDate().toISOString()).toBe('2026-12-01T18:00:00.000Z');
    expect(event!.endDate.toJSDate().toISOString()).toBe('2026-12-04T00:00:00.000Z');
  });

  it('leaves out an end before the start, and an entry without a valid start', async () => {
    const early = calendarEventOf(
      entry({ from: '2026-12-01T18:00:00Z', to: '2026-11-30T18:00:00Z' }),
      mapping,
      timed,
      META,
    );
    expect(early?.end).toBeUndefined();
    expect(calendarEventOf(entry({ from: 'morgen' }), mapping, timed, META)).toBeUndefined();
    expect(calendarEventOf(entry({}), mapping, timed, META)).toBeUndefined();
  });

  it("links the entry's page unless a URL field names a web address", () => {
    const withUrl: CalendarMapping = { ...mapping, url: 'link' };
    const from = '2026-12-01T18:00:00Z';
    expect(
      calendarEventOf(entry({ from, link: 'https://tickets.example/a b' }), withUrl, timed, META)?.url,
    ).toBe('https://tickets.example/a%20b');
    expect(calendarEventOf(entry({ from, link: 'javascript:alert(1)' }), withUrl, timed, META)?.url).toBe(
      META.url,
    );
  });

  it('keeps hostile text as text: line breaks and separators do not make properties', async () => {
    const [event] = await parsed([
      calendarEventOf(
        entry({
          from: '2026-12-01T18:00:00Z',
          title: 'Fest\r\nEND:VEVENT\rBEGIN:VEVENT\nSUMMARY:Falsch\u0000',
          place: 'a\\b;c,d',
        }),
        mapping,
        timed,
        META,
      ),
    ]);
    expect(event!.summary).toBe('Fest\nEND:VEVENT\nBEGIN:VEVENT\nSUMMARY:Falsch');
    expect(event!.location).toBe('a\\b;c,d');
  });
});
