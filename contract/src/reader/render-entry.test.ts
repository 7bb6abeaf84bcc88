import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import type { UiSchema } from '../forms/ui-schema.ts';
import { loadShippedType } from '../forms/shipped-types.fixture.ts';
import { renderEntryArticle } from './render-entry.ts';
import { READER_TEXT_KEYS, type ReaderTextKey } from './text.ts';

const article = loadShippedType('article').uiSchema as UiSchema;
const event = loadShippedType('event').uiSchema as UiSchema;

const TEXTS: Record<string, Record<ReaderTextKey, string>> = {
  de: {
    'reader.published': 'Veröffentlicht am',
    'reader.attachments': 'Anhänge',
    'reader.details': 'Weitere Angaben',
    'reader.yes': 'Ja',
    'reader.no': 'Nein',
  },
  en: {
    'reader.published': 'Published on',
    'reader.attachments': 'Attachments',
    'reader.details': 'More details',
    'reader.yes': 'Yes',
    'reader.no': 'No',
  },
};

function render(entry: Parameters<typeof renderEntryArticle>[0], uiSchema: UiSchema, locale = 'de') {
  const html = renderEntryArticle(entry, uiSchema, { locale, t: (key) => TEXTS[locale]![key] });
  const { window } = new JSDOM(`<!doctype html><body>${html}`);
  const doc = window.document;
  const article = doc.querySelector('article');
  if (!article) throw new Error(`no article in ${html}`);
  /** The shown value of a field in the definition lists, by its label. */
  const valueOf = (label: string) =>
    [...doc.querySelectorAll('dl > div')]
      .find((row) => row.querySelector('dt')?.textContent === label)
      ?.querySelector('dd');
  return { html, doc, article, valueOf, window };
}

const FILE = '/api/v1/files/AAAAAAAAAAAAAAAAAAAAAA/plan%20neu.pdf';
const IMAGE = '/api/v1/files/BBBBBBBBBBBBBBBBBBBBBB/turm.png';

const fullArticle = {
  id: 'abc',
  state: 'published',
  revision: 3,
  password: 'not a hash',
  title: 'Der Wasserturm',
  content: '## Neues Dach\n\nDer Turm bekommt ein **Dach**.',
  published_at: '2026-11-23T18:05:00.000Z',
  lead: 'Kurz gesagt.\n\nZweiter Absatz.',
  image: IMAGE,
  attachments: [FILE, 'https://example.net/programm.pdf'],
  category: 'local',
  tags: ['turm', 'dach'],
  topics: ['housing'],
  author_email: 'geheim@example.org',
  source_url: 'https://example.net/quelle',
  word_count: 420,
  publish_on: '2026-12-24',
  reviewed: true,
};

describe('the reader’s article', () => {
  it('shows title, lead, publication time, cover, body, attachments and the other fields with labels', () => {
    const { article: root, doc, valueOf } = render(fullArticle, article);
    expect(root.className).toBe('einwurf-reader');
    expect(doc.querySelector('h1')?.textContent).toBe('Der Wasserturm');
    expect([...root.querySelectorAll('.einwurf-reader-lead p')].map((p) => p.textContent)).toEqual([
      'Kurz gesagt.',
      'Zweiter Absatz.',
    ]);
    const published = root.querySelector('.einwurf-reader-published');
    expect(published?.textContent).toBe('Veröffentlicht am 23.11.2026 18:05 UTC');
    expect(published?.querySelector('time')?.getAttribute('datetime')).toBe('2026-11-23T18:05:00.000Z');
    const cover = root.querySelector('figure img');
    expect(cover?.getAttribute('src')).toBe(IMAGE);
    expect(cover?.getAttribute('alt')).toBe('');
    expect(root.querySelector('.einwurf-reader-body h2')?.textContent).toBe('Neues Dach');
    expect(root.querySelector('.einwurf-reader-body strong')?.textContent).toBe('Dach');

    const attachments = root.querySelector('section.einwurf-reader-attachments');
    expect(attachments?.querySelector('h2')?.textContent).toBe('Anhänge');
    expect(
      [...(attachments?.querySelectorAll('a') ?? [])].map((a) => [a.textContent, a.getAttribute('href')]),
    ).toEqual([
      ['plan neu.pdf', FILE],
      ['programm.pdf', 'https://example.net/programm.pdf'],
    ]);

    expect(root.querySelector('section.einwurf-reader-details h2')?.textContent).toBe('Weitere Angaben');
    expect(valueOf('Rubrik')?.textContent).toBe('Lokales');
    expect([...(valueOf('Schlagwörter')?.querySelectorAll('li') ?? [])].map((li) => li.textContent)).toEqual([
      'turm',
      'dach',
    ]);
    expect(valueOf('Themen')?.textContent).toBe('Wohnen');
    expect(valueOf('Quelle')?.querySelector('a')?.getAttribute('href')).toBe('https://example.net/quelle');
    expect(valueOf('Anzahl Wörter')?.textContent).toBe('420');
    expect(valueOf('Erscheinen am')?.textContent).toBe('24.12.2026');
    expect(valueOf('Fakten geprüft')?.textContent).toBe('Ja');
  });

  it('never shows private fields nor internal ones', () => {
    const { html, valueOf } = render(fullArticle, article);
    expect(html).not.toContain('geheim@example.org');
    expect(valueOf('E-Mail für Rückfragen')).toBeUndefined();
    for (const internal of ['not a hash', 'published', 'revision', '>3<']) {
      expect(html.replace('einwurf-reader-published', '')).not.toContain(internal);
    }
  });

  it('shows the body without a UI element for it, and not when the UI schema marks it private', () => {
    const entry = { title: 'T', content: 'Geheimer **Text**.' };
    expect(render(entry, []).article.querySelector('.einwurf-reader-body strong')?.textContent).toBe('Text');
    const hidden: UiSchema = [
      {
        scope: 'content',
        widget: 'markdown',
        label: { de: 'Text', 'de-CH': 'Text', en: 'Text' },
        private: true,
      },
    ];
    expect(render(entry, hidden).html).not.toContain('Geheimer');
  });

  it('speaks the reader’s language: labels, choices and page strings', () => {
    const { article: root, valueOf } = render({ ...fullArticle, reviewed: false }, article, 'en');
    expect(root.querySelector('.einwurf-reader-published')?.textContent).toBe(
      'Published on 23.11.2026 18:05 UTC',
    );
    expect(root.querySelector('section.einwurf-reader-attachments h2')?.textContent).toBe('Attachments');
    expect(valueOf('Section')?.textContent).toBe('Local');
    expect(valueOf('Topics')?.textContent).toBe('Housing');
    expect(valueOf('Facts checked')?.textContent).toBe('No');
  });

  it('shows a predefined tag by its text, a plain or unknown one by its value', () => {
    const topics: UiSchema = [
      {
        scope: 'topics',
        widget: 'tags-predefined',
        label: { de: 'Themen', 'de-CH': 'Themen', en: 'Themen' },
        options: {
          tags: ['art', { value: 'youth', text: { de: 'Jugend', 'de-CH': 'Jugend', en: 'Youth' } }],
        },
      },
    ];
    const { valueOf } = render({ title: 'T', topics: ['art', 'youth', 'gone'] }, topics, 'en');
    expect([...(valueOf('Themen')?.querySelectorAll('li') ?? [])].map((li) => li.textContent)).toEqual([
      'art',
      'Youth',
      'gone',
    ]);
  });

  it('shows an event’s date and place before its description, and its other fields', () => {
    const {
      article: root,
      valueOf,
      window,
    } = render(
      {
        title: 'Konzert',
        content: 'Musik im *Park*.',
        starts_at: '2026-12-01T18:00:00Z',
        location: 'Kulturhaus',
        doors_open: '17:30',
        ends_on: '2026-12-02',
        programme: 'Erster Teil\nZweiter Teil',
        flyer: IMAGE,
        audience: ['children', 'adults'],
        free_entry: true,
        contact_phone: '+41 44 000 00 00',
        colour: '#aa3300',
      },
      event,
    );
    const facts = root.querySelector('dl.einwurf-reader-facts');
    expect([...(facts?.querySelectorAll('dt') ?? [])].map((dt) => dt.textContent)).toEqual(['Beginn', 'Ort']);
    expect(valueOf('Beginn')?.textContent).toBe('01.12.2026 18:00 UTC');
    expect(valueOf('Beginn')?.querySelector('time')?.getAttribute('datetime')).toBe('2026-12-01T18:00:00Z');
    expect(valueOf('Ort')?.textContent).toBe('Kulturhaus');
    expect(facts?.compareDocumentPosition(root.querySelector('.einwurf-reader-body')!)).toBe(
      window.Node.DOCUMENT_POSITION_FOLLOWING,
    );
    expect(root.querySelector('figure img')?.getAttribute('src')).toBe(IMAGE);
    expect(root.querySelector('.einwurf-reader-body em')?.textContent).toBe('Park');
    expect(valueOf('Türöffnung')?.textContent).toBe('17:30');
    expect(valueOf('Letzter Tag')?.textContent).toBe('02.12.2026');
    expect(valueOf('Programm')?.innerHTML).toBe('<p>Erster Teil<br>Zweiter Teil</p>');
    expect(valueOf('Publikum')?.textContent).toBe('Kinder, Erwachsene');
    expect(valueOf('Eintritt frei')?.textContent).toBe('Ja');
    expect(valueOf('Telefon')?.textContent).toBe('+41 44 000 00 00');
    expect(valueOf('Farbe im Kalender')?.textContent).toBe('#aa3300');
    expect(root.querySelector('.einwurf-reader-published')).toBeNull();
    expect(root.querySelector('.einwurf-reader-attachments')).toBeNull();
  });

  it('leaves out empty fields and sections', () => {
    const { article: root } = render({ title: 'Leer', content: '', lead: '', tags: [] }, article);
    expect(
      root.querySelectorAll('dl, section, figure, .einwurf-reader-body, .einwurf-reader-lead'),
    ).toHaveLength(0);
    expect(root.querySelector('h1')?.textContent).toBe('Leer');
  });

  it('escapes every value and links only http(s) and paths of this server', () => {
    const hostile = '<script>alert(1)</script>"\'><img src=x onerror=alert(1)>';
    const { html, doc, valueOf } = render(
      {
        ...fullArticle,
        title: hostile,
        lead: hostile,
        tags: [hostile],
        source_url: 'javascript:alert(1)',
        image: 'javascript:alert(1)',
        attachments: ['data:text/html,<script>alert(1)</script>'],
        content: `${hostile}\n\n[x](javascript:alert(1))`,
      },
      article,
    );
    expect(doc.querySelectorAll('script')).toHaveLength(0);
    expect(doc.querySelectorAll('[onerror]')).toHaveLength(0);
    expect(doc.querySelector('h1')?.textContent).toBe(hostile);
    expect(html).not.toMatch(/href="(javascript|data):/);
    expect(html).not.toMatch(/src="(javascript|data):/);
    expect(valueOf('Quelle')?.textContent).toBe('javascript:alert(1)');
    expect(valueOf('Quelle')?.querySelector('a')).toBeNull();
    expect(doc.querySelector('figure')).toBeNull();
  });

  it('makes root-relative links of the body absolute when given an origin', () => {
    const html = renderEntryArticle({ title: 'T', content: `![Turm](${IMAGE})` }, article, {
      locale: 'de',
      t: (key) => key,
      origin: 'https://zeitung.example',
    });
    expect(html).toContain(`src="https://zeitung.example${IMAGE}"`);
  });

  it('names its page strings as catalogue keys under reader.', () => {
    expect(READER_TEXT_KEYS.every((key) => key.startsWith('reader.'))).toBe(true);
  });
});
