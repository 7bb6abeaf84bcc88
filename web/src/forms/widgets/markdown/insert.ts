import { $createGenericHTMLNode, $createImageNode } from '@mdxeditor/editor';
import {
  $createParagraphNode,
  $getRoot,
  $getSelection,
  $insertNodes,
  $isElementNode,
  $isRangeSelection,
  $isRootOrShadowRoot,
  type LexicalEditor,
  type RangeSelection,
} from 'lexical';
import type { Embed } from './embeds';
import type { ImageWidth } from './image-width';

// The toolbar's own insertions. A button or dialog outside the text leaves Lexical's last selection
// in place, so they insert where the author was; with none (never focused), at the end.

/** Lexical's selection, or the end of the text when there is none. Call inside `editor.update`. */
export function $selectionOrEnd(): RangeSelection {
  const selection = $getSelection();
  if ($isRangeSelection(selection)) return selection;
  const root = $getRoot();
  const last = root.getLastChild();
  if ($isElementNode(last) && !last.isInline()) {
    last.selectEnd();
  } else {
    const paragraph = $createParagraphNode();
    root.append(paragraph);
    paragraph.select();
  }
  const fresh = $getSelection();
  if (!$isRangeSelection(fresh)) throw new Error('No place to insert');
  return fresh;
}

/** Types `text` at the cursor (special characters, emoji). */
export function insertText(editor: LexicalEditor, text: string): void {
  editor.update(() => {
    $selectionOrEnd().insertText(text);
  });
}

/** Inserts an image at the cursor, at its original size or a preset width. */
export function insertImage(editor: LexicalEditor, src: string, altText: string, width: ImageWidth): void {
  editor.update(() => {
    $selectionOrEnd();
    const image = $createImageNode({
      src,
      altText,
      title: '',
      // See image-width.ts: the node keeps a preset as given.
      width: width === 'original' ? undefined : (width as unknown as number),
    });
    $insertNodes([image]);
    if ($isRootOrShadowRoot(image.getParentOrThrow())) {
      const paragraph = $createParagraphNode();
      image.insertBefore(paragraph);
      paragraph.append(image);
    }
  });
}

/** Inserts an embedded player as its own block (stored as an iframe, see embeds.ts). */
export function insertEmbed(editor: LexicalEditor, embed: Embed, title: string): void {
  editor.update(() => {
    $selectionOrEnd();
    const attribute = (name: string, value: string) => ({ type: 'mdxJsxAttribute' as const, name, value });
    const node = $createGenericHTMLNode('iframe', 'mdxJsxFlowElement', [
      attribute('src', embed.src),
      attribute('title', title),
      attribute('width', '560'),
      attribute('height', '315'),
    ]);
    $insertNodes([node, $createParagraphNode()]);
  });
}
