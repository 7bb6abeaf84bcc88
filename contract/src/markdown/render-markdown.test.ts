import { describe, expect, it } from 'vitest';
import { isAllowedEmbed, renderMarkdown } from './render-markdown.ts';

/** Tags an attacker hopes to keep; none may appear as markup in the output. */
const DANGEROUS_MARKUP = [
  /<script/i,
  /\son\w+=/i,
  /<svg/i,
  /<math/i,
  /style=/i,
  /<style/i,
  /<object/i,
  /<embed/i,
  /<form/i,
  /<input/i,
  /<base/i,
  /<meta/i,
  /<link/i,
  /<noscript/i,
  /<textarea/i,
];

/** Protocols an attacker hopes to keep; none may appear anywhere in the output. */
const DANGEROUS_TEXT = [/javascript:/i, /data:/i, /vbscript:/i];

/**
 * The output's tags alone: attribute values emptied and text between tags dropped. The stringifier
 * always quotes values with " and escapes `<` in text, so what is left is exactly the markup.
 */
function markupOf(html: string): string {
  return html.replace(/="[^"]*"/g, '=""').replace(/>[^<]*</g, '><');
}

function expectSafe(html: string) {
  const markup = markupOf(html);
  for (const pattern of DANGEROUS_MARKUP) expect(markup, `${pattern} in ${html}`).not.toMatch(pattern);
  for (const pattern of DANGEROUS_TEXT) expect(html, `${pattern} in ${html}`).not.toMatch(pattern);
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
    ['an image with a javascript: src', '<img src="javascript:alert(1)" width="50%">'],
    ['an image with a data: src', '<img src="data:image/svg+xml,<svg onload=alert(1)>" width="50%">'],
    ['an image with a style', '<img src="/a.png" style="width:50%;background:url(javascript:x)">'],
    ['an iframe with a data: src', '<iframe src="data:text/html,<script>alert(1)</script>"></iframe>'],
    ['a self-closed iframe from another host', '<iframe src="https://evil.example/x" />'],
    ['an SVG use with a javascript: href', '<svg><use href="javascript:alert(1)"/></svg>'],
    [
      'an SVG animate setting href',
      '<svg><a><animate attributeName="href" to="javascript:alert(1)"/></a></svg>',
    ],
    ['a MathML link', '<math><mtext><a href="javascript:alert(1)">x</a></mtext></math>'],
    ['a base tag', '<base href="javascript:alert(1)//">'],
    ['a meta refresh', '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">'],
    ['a link stylesheet', '<link rel="stylesheet" href="data:text/css,body{}">'],
    ['an input autofocus onfocus', '<input autofocus onfocus="alert(1)">'],
    ['a video with onerror', '<video src="x" onerror="alert(1)"></video>'],
    ['an entity-encoded handler', '<img src=x o&#110;error="alert(1)">'],
    ['an uppercase handler', '<IMG SRC="/a.png" ONERROR="alert(1)">'],
    ['a textarea breakout', '<textarea></textarea><script>alert(1)</script>'],
    ['a noscript breakout', '<noscript><p title="</noscript><img src=x onerror=alert(1)>">'],
    ['a Markdown link with a tab in javascript:', '[x](java\tscript:alert(1))'],
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

  it("keeps the editor's embed form, also self-closed, without swallowing what follows", () => {
    const html = renderMarkdown(
      'Davor\n\n<iframe src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ" title="YouTube-Video" width="560" height="315" />\n\nDanach **fett**\n\n<iframe src="https://player.vimeo.com/video/76979871" title="Vimeo-Video"></iframe>',
    );
    expect(html).toContain('src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"');
    expect(html).toContain('title="YouTube-Video"');
    expect(html).toContain('width="560"');
    expect(html).toContain('src="https://player.vimeo.com/video/76979871"');
    expect(html).toContain('<strong>fett</strong>');
    expect(html.match(/<iframe/g)).toHaveLength(2);
    expect(html.match(/<\/iframe>/g)).toHaveLength(2);
    expectSafe(html);
  });

  it('keeps the image width presets and nothing else on images', () => {
    const half = renderMarkdown('Bild: <img src="/api/v1/files/abc/bild.png" alt="Bild" width="50%" /> Ende');
    expect(half).toContain('<img src="/api/v1/files/abc/bild.png" alt="Bild" width="50%">');
    expect(half).toContain('Ende');
    expect(renderMarkdown('<img src="/a.png" alt="" width="75%">')).toContain('width="75%"');
    for (const width of ['100%', '50', '50% onerror=x', 'calc(50%)', 'expression(alert(1))']) {
      const html = renderMarkdown(`<img src="/a.png" alt="a" width="${width}">`);
      expect(html, width).toContain('<img src="/a.png" alt="a">');
    }
    expect(renderMarkdown('<p width="50%">x</p>')).toBe('<p>x</p>');
  });

  it('makes root-relative links and images absolute under a given origin, and nothing else', () => {
    const markdown =
      '[Plan](/api/v1/files/AAAAAAAAAAAAAAAAAAAAAA/plan.pdf) ![Turm](/api/v1/files/BBBBBBBBBBBBBBBBBBBBBB/turm.png) ' +
      '[Aussen](https://example.net/x) [Protokoll](//evil.example/x) [Anker](#oben)';
    const html = renderMarkdown(markdown, { origin: 'https://einwurf.example' });
    expect(html).toContain('href="https://einwurf.example/api/v1/files/AAAAAAAAAAAAAAAAAAAAAA/plan.pdf"');
    expect(html).toContain('src="https://einwurf.example/api/v1/files/BBBBBBBBBBBBBBBBBBBBBB/turm.png"');
    expect(html).toContain('href="https://example.net/x"');
    expect(html).toContain('href="//evil.example/x"');
    expect(html).toContain('href="#oben"');
    expect(renderMarkdown(markdown)).toContain('href="/api/v1/files/AAAAAAAAAAAAAAAAAAAAAA/plan.pdf"');
  });

  it('tells allowed embeds apart after URL normalisation', () => {
    expect(isAllowedEmbed('https://www.youtube-nocookie.com/embed/x')).toBe(true);
    expect(isAllowedEmbed('https://www.youtube-nocookie.com/embed/../../evil')).toBe(false);
    expect(isAllowedEmbed('not a url')).toBe(false);
    expect(isAllowedEmbed(undefined)).toBe(false);
  });
});
