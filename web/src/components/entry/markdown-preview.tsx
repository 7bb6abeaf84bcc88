import { useMemo } from 'react';
import { Typography } from '@mantine/core';
import { renderMarkdown } from '@einwurf/contract/markdown';

/** The entry's Markdown as HTML, through the contract's sanitizing pipeline (loaded with the preview only). */
export default function MarkdownPreview({ markdown }: { markdown: string }) {
  const html = useMemo(() => renderMarkdown(markdown), [markdown]);
  return (
    <Typography>
      <div data-testid="markdown-preview" dangerouslySetInnerHTML={{ __html: html }} />
    </Typography>
  );
}
