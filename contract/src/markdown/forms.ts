// The HTML forms the editor writes into an entry's Markdown and the renderer keeps (see
// render-markdown.ts). Apart from the pipeline, so the editor can use them without loading it.

/** Embeds allowed in entries: only these players, only over https. */
export const EMBED_PREFIXES = [
  'https://www.youtube-nocookie.com/embed/',
  'https://player.vimeo.com/video/',
] as const;

/** The image widths the editor offers besides the original size. */
export const IMAGE_WIDTH_PRESETS = ['50%', '75%'] as const;

/** Whether an iframe `src` points into one of the allowed players (after URL normalisation). */
export function isAllowedEmbed(src: unknown): boolean {
  if (typeof src !== 'string') return false;
  try {
    const href = new URL(src).href;
    return EMBED_PREFIXES.some((prefix) => href.startsWith(prefix));
  } catch {
    return false;
  }
}
