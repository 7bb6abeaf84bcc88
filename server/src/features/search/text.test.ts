import { describe, expect, it } from 'vitest';
import { buildSnippet, entryBodyText, foldSearchText, queryTerms } from './text.ts';

describe('search text', () => {
  it('folds umlauts, accents and ß', () => {
    expect(foldSearchText('Zürich Straße Café ÄÖÜ ẞ')).toBe('Zurich Strasse Cafe AOU SS');
    expect(queryTerms('  Straße, Zürich!  straße ')).toEqual(['strasse', 'zurich']);
  });

  it('reads content first, then other text fields, without Markdown syntax', () => {
    const text = entryBodyText({
      content: '# Titel\n\n**fett** und [Link](https://x.example) ![Bild](a.png) `code`',
      lead: 'Vorspann',
      tags: ['velo', 3],
      word_count: 12,
    });
    expect(text.replace(/\s+/g, ' ').trim()).toBe('Titel fett und Link Bild code Vorspann velo');
  });

  it('cuts a window around the first match and marks every match in it', () => {
    const body = `${'Anfang '.repeat(30)}hier steht Velo und noch ein Velo ${'Ende '.repeat(60)}`;
    const snippet = buildSnippet('Titel', body, 'velo');
    expect(snippet[0]).toEqual({
      text: '… Anfang Anfang Anfang Anfang Anfang Anfang hier steht ',
      match: false,
    });
    expect(snippet.filter((p) => p.match)).toEqual([
      { text: 'Velo', match: true },
      { text: 'Velo', match: true },
    ]);
    expect(snippet.at(-1)?.text.endsWith(' …')).toBe(true);
    expect(snippet.map((p) => p.text).join('').length).toBeLessThan(230);
  });

  it('falls back to the title, then to the start of the body', () => {
    expect(buildSnippet('Velofest', 'Nichts hier.', 'velo')).toEqual([{ text: 'Velofest', match: true }]);
    expect(buildSnippet('Titel', 'Nichts hier.', 'gemüse')).toEqual([{ text: 'Nichts hier.', match: false }]);
  });
});
