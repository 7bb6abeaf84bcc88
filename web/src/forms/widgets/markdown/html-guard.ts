import {
  $createGenericHTMLNode,
  addImportVisitor$,
  realmPlugin,
  UnrecognizedMarkdownConstructError,
  type MdastImportVisitor,
} from '@mdxeditor/editor';
import type * as Mdast from 'mdast';
import { isAllowedEmbed } from '@einwurf/contract/markdown';

/**
 * Keeps raw HTML in an entry from running inside the editor.
 *
 * MDXEditor turns every HTML element in the Markdown into a live DOM element with all its
 * attributes, so `<div onmouseover=…>`, `<script src=…>` or `<iframe src="javascript:…">` written in
 * the source would run in the author's or a moderator's browser. This visitor goes before MDXEditor's
 * own: an allowed player iframe (see embeds.ts) is rebuilt from its safe attributes, a few plain
 * inline tags without attributes pass, images go to the image plugin (which renders only src, alt,
 * title and size), and anything else refuses the text, which the widget then shows in the source
 * view. The sanitizing renderer still decides what the published entry shows.
 */

/** Tags MDXEditor may render as they are, as long as they carry no attribute. */
const PLAIN_TAGS = new Set([
  'br',
  'sub',
  'sup',
  'u',
  'mark',
  'kbd',
  'small',
  'b',
  'i',
  's',
  'del',
  'ins',
  'span',
]);

/** The images' own visitors (image-width.ts and MDXEditor's) take these. */
const IMAGE_TAGS = new Set(['img']);

type JsxAttribute = { type: string; name?: string; value?: unknown };
type JsxElement = { type: string; name?: string | null; attributes?: JsxAttribute[] };

function isJsxElement(node: Mdast.Nodes): boolean {
  return node.type === 'mdxJsxTextElement' || node.type === 'mdxJsxFlowElement';
}

function stringAttribute(element: JsxElement, name: string): string | undefined {
  const found = element.attributes?.find(
    (a) => a.type === 'mdxJsxAttribute' && a.name?.toLowerCase() === name,
  );
  return typeof found?.value === 'string' ? found.value : undefined;
}

/** Whether MDXEditor's own visitors may take the element unchanged. */
function passes(element: JsxElement): boolean {
  const name = element.name?.toLowerCase() ?? '';
  if (IMAGE_TAGS.has(name)) return true;
  return PLAIN_TAGS.has(name) && (element.attributes?.length ?? 0) === 0;
}

export const guardHtml: MdastImportVisitor<Mdast.Nodes> = {
  testNode: (node) => isJsxElement(node) && !passes(node as JsxElement),
  visitNode({ mdastNode, actions }) {
    const element = mdastNode as JsxElement;
    const src = stringAttribute(element, 'src');
    if (element.name?.toLowerCase() !== 'iframe' || !isAllowedEmbed(src)) {
      throw new UnrecognizedMarkdownConstructError(`HTML the editor does not show: <${element.name ?? ''}>`);
    }
    const attribute = (name: string, value: string) => ({ type: 'mdxJsxAttribute' as const, name, value });
    const attributes = [attribute('src', src!)];
    const title = stringAttribute(element, 'title');
    if (title) attributes.push(attribute('title', title));
    for (const size of ['width', 'height']) {
      const value = stringAttribute(element, size);
      if (value && /^\d{1,4}$/.test(value)) attributes.push(attribute(size, value));
    }
    actions.addAndStepInto($createGenericHTMLNode('iframe', 'mdxJsxFlowElement', attributes));
  },
  priority: 50,
};

/** Adds the guard to the editor's import. */
export const htmlGuardPlugin = realmPlugin({
  init(realm) {
    realm.pubIn({ [addImportVisitor$]: guardHtml });
  },
});
