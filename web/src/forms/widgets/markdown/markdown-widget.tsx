import { lazy, Suspense } from 'react';
import type { WidgetProps } from '../../types';
import { MarkdownFallbackWidget } from '../textarea-widget';

// MDXEditor and its toolbar are a chunk of their own: only screens that show a Markdown field load it.
const MarkdownEditor = lazy(() => import('./markdown-editor'));

/** The `markdown` widget: the plain source textarea while the rich editor loads, then the editor. */
export function MarkdownWidget(props: WidgetProps) {
  return (
    <Suspense fallback={<MarkdownFallbackWidget {...props} />}>
      <MarkdownEditor {...props} />
    </Suspense>
  );
}
