import type { renderMarkdown } from '@einwurf/contract/markdown';

// The Markdown pipeline (unified, remark, rehype and their few hundred modules) loads when an entry is
// first rendered, not at start: reads serve the HTML kept when the entry became public, so a server
// may answer for a long time without it.

export type RenderMarkdown = typeof renderMarkdown;

let loaded: RenderMarkdown | undefined;

/** The Markdown renderer, loaded at the first call. */
export async function markdownRenderer(): Promise<RenderMarkdown> {
  return (loaded ??= (await import('@einwurf/contract/markdown')).renderMarkdown);
}
