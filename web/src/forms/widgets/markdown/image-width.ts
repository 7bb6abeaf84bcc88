import {
  $createImageNode,
  $isImageNode,
  addExportVisitor$,
  addImportVisitor$,
  realmPlugin,
  type ImageNode,
  type LexicalExportVisitor,
  type MdastImportVisitor,
} from '@mdxeditor/editor';
import { $createParagraphNode, $getNodeByKey, type LexicalEditor } from 'lexical';
import type * as Mdast from 'mdast';
import { IMAGE_WIDTH_PRESETS } from '@einwurf/contract/markdown';
import { escapeAttribute } from './embeds';

/**
 * Image sizes in an entry's Markdown.
 *
 * An image at its original size is plain Markdown, `![alt](url)`. An image resized to a preset is an
 * HTML element with a percentage width, `<img src="url" alt="alt" width="50%" />` (or 75%): the only
 * width form the sanitizing renderer keeps, so no style attribute is ever needed. MDXEditor itself
 * knows only pixel widths (it would read "50%" as 50 px); this plugin reads and writes the presets.
 */

export type ImageWidth = 'original' | (typeof IMAGE_WIDTH_PRESETS)[number];

export const IMAGE_WIDTHS: readonly ImageWidth[] = ['original', ...IMAGE_WIDTH_PRESETS];

function isPreset(value: unknown): value is (typeof IMAGE_WIDTH_PRESETS)[number] {
  return (IMAGE_WIDTH_PRESETS as readonly unknown[]).includes(value);
}

/** The width an image node stands for. */
export function imageWidthOf(node: ImageNode): ImageWidth {
  const width: unknown = node.getWidth();
  return isPreset(width) ? width : 'original';
}

/** The Markdown of one image (used on export and when inserting). */
export function imageMarkdown(src: string, alt: string, width: ImageWidth): string {
  if (width === 'original') {
    const text = alt.replace(/[[\]\\]/g, (c) => `\\${c}`);
    const url = /[\s()<>]/.test(src) ? `<${src.replace(/[<>]/g, encodeURIComponent)}>` : src;
    return `![${text}](${url})`;
  }
  return `<img src="${escapeAttribute(src)}" alt="${escapeAttribute(alt)}" width="${width}" />`;
}

type JsxAttribute = { type: string; name?: string; value?: unknown };
type JsxElement = { type: string; name?: string | null; attributes?: JsxAttribute[] };

function attribute(node: JsxElement, name: string): string | undefined {
  const found = node.attributes?.find((a) => a.type === 'mdxJsxAttribute' && a.name === name);
  return typeof found?.value === 'string' ? found.value : undefined;
}

function isPresetImage(node: Mdast.Nodes): boolean {
  const element = node as JsxElement;
  return (
    (element.type === 'mdxJsxTextElement' || element.type === 'mdxJsxFlowElement') &&
    element.name === 'img' &&
    isPreset(attribute(element, 'width')) &&
    Boolean(attribute(element, 'src'))
  );
}

/** Reads `<img … width="50%" />` into an image node that keeps the percentage. */
const importPresetImage: MdastImportVisitor<Mdast.Nodes> = {
  testNode: isPresetImage,
  visitNode({ mdastNode, lexicalParent }) {
    const element = mdastNode as JsxElement;
    const image = $createImageNode({
      src: attribute(element, 'src') ?? '',
      altText: attribute(element, 'alt') ?? '',
      title: attribute(element, 'title'),
      // MDXEditor types widths as pixels; the node stores and renders whatever it is given.
      width: attribute(element, 'width') as unknown as number,
    });
    if (lexicalParent.getType() === 'root') {
      const paragraph = $createParagraphNode();
      paragraph.append(image);
      (lexicalParent as unknown as { append: (node: unknown) => void }).append(paragraph);
    } else {
      (lexicalParent as unknown as { append: (node: unknown) => void }).append(image);
    }
  },
  priority: 100,
};

/** Writes an image with a preset width as `<img … width="50%" />`; others go to MDXEditor's visitor. */
const exportPresetImage: LexicalExportVisitor<ImageNode, Mdast.Html> = {
  testLexicalNode: (node): node is ImageNode => $isImageNode(node) && imageWidthOf(node) !== 'original',
  visitLexicalNode({ lexicalNode, mdastParent, actions }) {
    actions.appendToParent(mdastParent, {
      type: 'html',
      value: imageMarkdown(lexicalNode.getSrc(), lexicalNode.getAltText(), imageWidthOf(lexicalNode)),
    });
  },
  priority: 100,
};

/** Adds the preset widths to MDXEditor's image plugin (which must be in the plugin list too). */
export const imageWidthPlugin = realmPlugin({
  init(realm) {
    realm.pubIn({
      [addImportVisitor$]: importPresetImage,
      [addExportVisitor$]: exportPresetImage,
    });
  },
});

/** Resizes the image node `nodeKey` to a preset (or back to its original size). */
export function setImageWidth(editor: LexicalEditor, nodeKey: string, width: ImageWidth): void {
  editor.update(() => {
    const node = $getNodeByKey(nodeKey);
    if (!node || !$isImageNode(node)) return;
    const value = width === 'original' ? 'inherit' : (width as unknown as number);
    node.setWidthAndHeight(value, 'inherit');
  });
}
