import { describe, expect, it } from 'vitest';
import { renderMarkdown } from '@einwurf/contract/markdown';
import { embedMarkdown, parseEmbedUrl } from './embeds';

describe('parseEmbedUrl', () => {
  it.each([
    [
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42',
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
    ],
    ['https://youtu.be/dQw4w9WgXcQ?si=x', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ'],
    ['https://m.youtube.com/shorts/dQw4w9WgXcQ', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ'],
    [
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
    ],
    ['https://vimeo.com/76979871', 'https://player.vimeo.com/video/76979871'],
    ['https://player.vimeo.com/video/76979871?h=abc', 'https://player.vimeo.com/video/76979871'],
  ])('turns %s into the player %s', (input, src) => {
    expect(parseEmbedUrl(input)?.src).toBe(src);
  });

  it.each([
    'https://evil.example/watch?v=dQw4w9WgXcQ',
    'https://www.youtube.com.evil.example/watch?v=dQw4w9WgXcQ',
    'https://www.youtube.com/watch?v=short',
    'https://www.youtube.com/watch?v=dQw4w9WgXcQ"onload="x',
    'https://vimeo.com/channels/staff',
    'javascript:alert(1)//youtu.be/dQw4w9WgXcQ',
    'kein Link',
  ])('refuses %s', (input) => {
    expect(parseEmbedUrl(input)).toBeNull();
  });

  it('writes an iframe the sanitizing renderer keeps, with the title escaped', () => {
    const embed = parseEmbedUrl('https://youtu.be/dQw4w9WgXcQ')!;
    const markdown = embedMarkdown(embed, 'Ein "Video" <b>');
    expect(markdown).toBe(
      '<iframe src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ" title="Ein &quot;Video&quot; &lt;b&gt;" width="560" height="315"></iframe>',
    );
    const html = renderMarkdown(markdown);
    expect(html).toContain('src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"');
    expect(html).toContain('title="Ein &#x22;Video&#x22; <b>"');
  });
});
