import { describe, expect, it } from 'vitest';
import { renderMarkdown } from '@einwurf/contract/markdown';
import { renderHtmlToStore, storedHtmlFor } from './stored-html.ts';

describe('stored readers HTML', () => {
  const origins = ['https://einwurf.example', 'http://127.0.0.1:8080', 'https://a.example/x?a=1&b="2"'];
  const texts = [
    '![Turm](/api/v1/files/AAAAAAAAAAAAAAAAAAAAAA/turm.png) und [Plan](/api/v1/files/B/plan.pdf)',
    'Wörtlich: &#x0; und &#0; und &amp;#x0; und `&#x0;` und \u0000 und <img src="/roh">',
    '```html\n<a href="/nicht">src="/auch-nicht"</a> &#x0;\n```',
    '[extern](https://example.org/a) [protokoll-relativ](//example.org/b) [anker](#c) [relativ](d/e)',
    '# Überschrift\n\n> Zitat mit *Betonung* und **Fett**\n\n- eins\n- zwei',
  ];

  it('gives exactly what rendering with the reader’s origin gives', async () => {
    for (const origin of origins) {
      for (const text of texts) {
        expect(storedHtmlFor(await renderHtmlToStore(text), origin), `${origin}: ${text}`).toBe(
          renderMarkdown(text, { origin }),
        );
      }
    }
  });

  it('leaves no placeholder behind', async () => {
    for (const text of texts) {
      expect(storedHtmlFor(await renderHtmlToStore(text), 'https://einwurf.example')).not.toContain('&#x0;');
    }
  });
});
