import { describe, expect, it } from 'vitest';
import { isAllowedEmbed, renderMarkdown } from './render-markdown.ts';

/** Whatever an attacker hopes to keep; none of it may appear in the output. */
const DANGEROUS = [
  /<script/i,
  /\son\w+=/i,
  /javascript:/i,
  /data:/i,
  /<svg/i,
  /style=/i,
  /<style/i,
  /<object/i,
  /<embed/i,
  /<form/i,
  /vbscript:/i,
];

function expectSafe(html: string) {
  for (const pattern of DANGEROUS) expect(html, `${pattern} in ${html}`).not.toMatch(pattern);
}

describe('renderMarkdown', () => {
  it('renders GitHub-flavoured Markdown', () => {
    const html = renderMarkdown(
      '# Titel\n\n**fett** _kursiv_ ~~weg~~ `code`\n\n- a\n- b\n\n1. eins\n\n> Zitat\n\n[Link](https://example.org) ![Bild](/files/a.png)\n\n| a | b |\n|---|---|\n| 1 | 2 |',
    );
    expect(html).toContain('<h1>Titel</h1>');
    expect(html).toContain('<strong>fett</strong>');
    expect(html).toContain('<em>kursiv</em>');
    expect(html).toContain('<del>weg</del>');
    expect(html).toContain('<code>code</code>');
    expect(html).toContain('<ul>');
    expect(html).toContain('<ol>');
    expect(html).toContain('<blockquote>');
    expect(html).toContain('<a href="https://example.org">Link</a>');
    expect(html).toContain('<img src="/files/a.png" alt="Bild">');
    expect(html).toContain('<table>');
  });

  it.each([
    ['a script tag', '<script>alert(1)</script>'],
    ['a script tag split over lines', '<scr\nipt>alert(1)</script>'],
    ['an image with onerror', '<img src="x" onerror="alert(1)">'],
    ['a Markdown image with a javascript: URL', '![x](javascript:alert(1))'],
    ['a javascript: link', '[klick](javascript:alert(1))'],
    ['an HTML javascript: link', '<a href="javascript:alert(1)">klick</a>'],
    ['an encoded javascript: link', '<a href="jav&#x61;script:alert(1)">klick</a>'],
    ['a VBScript link', '[klick](vbscript:msgbox(1))'],
    ['a data: link', '[klick](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)'],
    ['a data: image', '![x](data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=)'],
    ['an SVG with a script', '<svg onload="alert(1)"><script>alert(1)</script></svg>'],
    [
      'an SVG with a foreign object',
      '<svg><foreignObject><img src=x onerror=alert(1)></foreignObject></svg>',
    ],
    ['a style attribute', '<p style="background:url(javascript:alert(1))">x</p>'],
    ['a style element', '<style>body{display:none}</style>'],
    ['a body onload', '<body onload="alert(1)">x</body>'],
    ['a form', '<form action="https://evil.example"><button>Go</button></form>'],
    ['an object', '<object data="https://evil.example/x.swf"></object>'],
    ['an embed', '<embed src="https://evil.example/x.swf">'],
    ['a details ontoggle', '<details open ontoggle="alert(1)">x</details>'],
  ])('drops %s', (_name, markdown) => {
    expectSafe(renderMarkdown(markdown));
  });

  it('drops iframes from other hosts and look-alike addresses', () => {
    for (const src of [
      'https://evil.example/embed/x',
      'http://www.youtube-nocookie.com/embed/abc',
      'https://www.youtube-nocookie.com.evil.example/embed/abc',
      'https://www.youtube-nocookie.com@evil.example/embed/abc',
      'https://www.youtube.com/embed/abc',
      'https://player.vimeo.com/other/1',
      'javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
    ]) {
      const html = renderMarkdown(`<iframe src="${src}"></iframe>`);
      expect(html, src).not.toContain('<iframe');
      expectSafe(html);
    }
  });

  it('keeps iframes of the allowed players, hardened, without handlers', () => {
    const html = renderMarkdown(
      '<iframe src="https://www.youtube-nocookie.com/embed/abc123" width="560" height="315" title="Video" onload="alert(1)" srcdoc="<script>alert(1)</script>" allowfullscreen></iframe>\n\n<iframe src="https://player.vimeo.com/video/42"></iframe>',
    );
    expect(html).toContain('src="https://www.youtube-nocookie.com/embed/abc123"');
    expect(html).toContain('src="https://player.vimeo.com/video/42"');
    expect(html).toContain('sandbox=');
    expect(html).not.toContain('srcdoc');
    expectSafe(html);
  });

  it('tells allowed embeds apart after URL normalisation', () => {
    expect(isAllowedEmbed('https://www.youtube-nocookie.com/embed/x')).toBe(true);
    expect(isAllowedEmbed('https://www.youtube-nocookie.com/embed/../../evil')).toBe(false);
    expect(isAllowedEmbed('not a url')).toBe(false);
    expect(isAllowedEmbed(undefined)).toBe(false);
  });
});
