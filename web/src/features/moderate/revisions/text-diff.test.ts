import { describe, expect, it } from 'vitest';
import { diffRevisions, diffText, fieldText, type DiffSegment } from './text-diff';

const oldOf = (segments: DiffSegment[]) =>
  segments
    .filter((s) => s.kind !== 'added')
    .map((s) => s.text)
    .join('');
const newOf = (segments: DiffSegment[]) =>
  segments
    .filter((s) => s.kind !== 'removed')
    .map((s) => s.text)
    .join('');
const changes = (segments: DiffSegment[]) =>
  segments.filter((s) => s.kind !== 'same').map((s) => `${s.kind === 'added' ? '+' : '-'}${s.text}`);

describe('diffText', () => {
  it('marks only the words that changed, spaces and punctuation kept', () => {
    const segments = diffText('Die Stadt baut neue Velowege.', 'Die Stadt plant neue, breite Velowege.');
    expect(changes(segments)).toEqual(['-baut', '+plant', '+,', '+breite ']);
    expect(oldOf(segments)).toBe('Die Stadt baut neue Velowege.');
    expect(newOf(segments)).toBe('Die Stadt plant neue, breite Velowege.');
  });

  it('compares Markdown as text: the markup stays, the changed words inside it are marked', () => {
    const before = '## Velowege\n\nEin **fetter** Text mit [Link](https://a.example).\n\n- eins\n- zwei';
    const after = '## Velowege\n\nEin **kräftiger** Text mit [Link](https://b.example).\n\n- eins\n- drei';
    const segments = diffText(before, after);
    expect(changes(segments)).toEqual(['-fetter', '+kräftiger', '-a', '+b', '-zwei', '+drei']);
    expect(oldOf(segments)).toBe(before);
    expect(newOf(segments)).toBe(after);
  });

  it('treats umlauts and ß as letters of their words', () => {
    const segments = diffText('Grüße aus Zürich und Köln', 'Grüsse aus Zürich und Bärlin');
    expect(changes(segments)).toEqual(['-Grüße', '+Grüsse', '-Köln', '+Bärlin']);
  });

  it('sees no change between precomposed and combining umlauts', () => {
    const composed = 'Grüße aus Zürich, schön';
    const combining = 'Gru\u0308ße aus Zu\u0308rich, scho\u0308n';
    expect(composed).not.toBe(combining);
    expect(changes(diffText(composed, combining))).toEqual([]);
    expect(changes(diffText(composed, 'Gru\u0308ße aus Zu\u0308rich, scho\u0308ner'))).toEqual([
      '-schön',
      '+schöner',
    ]);
  });

  it('shows a moved paragraph whole at its old and new place, and changed words around it', () => {
    const before = '# Titel\n\nErster Absatz.\n\nZweiter Absatz.\n\nDritter Absatz.';
    const after = '# Titel\n\nZweiter Absatz.\n\nErster Absatz.\n\nDritter, letzter Absatz.';
    const segments = diffText(before, after);
    expect(segments.filter((s) => s.moved)).toEqual([
      { kind: 'removed', text: 'Erster Absatz.\n\n', moved: true },
      { kind: 'added', text: 'Erster Absatz.\n\n', moved: true },
    ]);
    expect(changes(segments.filter((s) => !s.moved))).toEqual(['+,', '+letzter ']);
    expect(oldOf(segments)).toBe(before);
    expect(newOf(segments)).toBe(after);
  });

  it('handles empty texts', () => {
    expect(diffText('', '')).toEqual([]);
    expect(diffText('', 'Neu')).toEqual([{ kind: 'added', text: 'Neu' }]);
    expect(diffText('Alt', '')).toEqual([{ kind: 'removed', text: 'Alt' }]);
  });
});

describe('diffRevisions', () => {
  it('compares title, content, then the fields in form order, then the rest by name', () => {
    const before = {
      title: 'Fest',
      content: 'Am Abend.',
      fields: { location: 'Halle', zeta: 1, tags: ['a'] },
    };
    const after = {
      title: 'Fest',
      content: 'Am Morgen.',
      fields: { location: 'Halle', alpha: true, tags: ['a', 'b'] },
    };
    const diffs = diffRevisions(before, after, ['tags', 'location']);
    expect(diffs.map((d) => [d.name, d.changed])).toEqual([
      ['title', false],
      ['content', true],
      ['tags', true],
      ['location', false],
      ['alpha', true],
      ['zeta', true],
    ]);
    expect(changes(diffs[1]?.segments ?? [])).toEqual(['-Abend', '+Morgen']);
  });

  it('compares values as shown: choices and tags by their texts', () => {
    const before = { title: 'T', content: '', fields: { topics: ['climate'] } };
    const after = { title: 'T', content: '', fields: { topics: ['climate', 'youth'] } };
    const texts: Record<string, string> = { climate: 'Klima', youth: 'Jugend' };
    const [, , topics] = diffRevisions(before, after, ['topics'], (_name, value) => texts[String(value)]);
    expect(changes(topics?.segments ?? [])).toEqual(['+\nJugend']);
    expect(topics?.segments.map((s) => s.text).join('')).toBe('Klima\nJugend');
  });

  it('writes values as text', () => {
    expect(fieldText(null)).toBe('');
    expect(fieldText(['a', 'b'])).toBe('a\nb');
    expect(fieldText({ a: 1 })).toBe('{"a":1}');
    expect(fieldText(false)).toBe('false');
  });
});
