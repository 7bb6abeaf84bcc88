/**
 * Embedded media in an entry's Markdown.
 *
 * An embed is stored as a raw HTML iframe of the provider's privacy-friendly player:
 * `<iframe src="https://www.youtube-nocookie.com/embed/<id>" title="…" width="560" height="315"></iframe>`
 * or the same with `https://player.vimeo.com/video/<id>`. It is plain HTML inside Markdown, so any
 * Markdown renderer shows the player, and the one sanitizing pipeline (@einwurf/contract/markdown)
 * keeps exactly these players and drops iframes from anywhere else. Only the video id is taken
 * from what the author pastes; the player URL is always built here.
 */

export type EmbedProvider = 'youtube' | 'vimeo';

export type Embed = { provider: EmbedProvider; id: string; src: string };

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const VIMEO_ID = /^\d{1,12}$/;
const YOUTUBE_HOSTS = [
  'youtube.com',
  'www.youtube.com',
  'm.youtube.com',
  'youtube-nocookie.com',
  'www.youtube-nocookie.com',
];

function youtube(id: string | null | undefined): Embed | null {
  return id && YOUTUBE_ID.test(id)
    ? { provider: 'youtube', id, src: `https://www.youtube-nocookie.com/embed/${id}` }
    : null;
}

function vimeo(id: string | null | undefined): Embed | null {
  return id && VIMEO_ID.test(id)
    ? { provider: 'vimeo', id, src: `https://player.vimeo.com/video/${id}` }
    : null;
}

/** The embed a pasted YouTube or Vimeo address stands for, null when it is none of those. */
export function parseEmbedUrl(input: string): Embed | null {
  let url: URL;
  try {
    url = new URL(input.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const host = url.hostname.toLowerCase();
  const parts = url.pathname.split('/').filter(Boolean);
  if (host === 'youtu.be') return youtube(parts[0]);
  if (YOUTUBE_HOSTS.includes(host)) {
    if (parts[0] === 'watch') return youtube(url.searchParams.get('v'));
    if (['embed', 'shorts', 'live', 'v'].includes(parts[0] ?? '')) return youtube(parts[1]);
    return null;
  }
  if (host === 'vimeo.com' || host === 'www.vimeo.com') return vimeo(parts[parts.length - 1]);
  if (host === 'player.vimeo.com' && parts[0] === 'video') return vimeo(parts[1]);
  return null;
}

/** A value safe inside a double-quoted HTML attribute. */
export function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** The Markdown (one HTML block) that stores an embed. */
export function embedMarkdown(embed: Embed, title: string): string {
  return `<iframe src="${embed.src}" title="${escapeAttribute(title)}" width="560" height="315"></iframe>`;
}
