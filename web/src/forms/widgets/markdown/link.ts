import {
  $createLinkNode,
  $isAutoLinkNode,
  $isLinkNode,
  TOGGLE_LINK_COMMAND,
  type LinkNode,
} from '@lexical/link';
import { $findMatchingParent } from '@lexical/utils';
import { $createTextNode, $getSelection, $insertNodes, $isRangeSelection, type LexicalEditor } from 'lexical';
import { $selectionOrEnd } from './insert';

// The link dialog's edits. Like the toolbar's insertions (insert.ts) they act on Lexical's last
// selection, which stays in place while the dialog has the focus.

/** A link as the dialog edits it. */
export type LinkFields = { url: string; title: string };

function $linkAtSelection(): LinkNode | null {
  const selection = $getSelection();
  if (!$isRangeSelection(selection)) return null;
  const link = $findMatchingParent(selection.anchor.getNode(), (node) => $isLinkNode(node));
  return $isLinkNode(link) ? link : null;
}

/** The link at the cursor, to edit it, or null. */
export function currentLink(editor: LexicalEditor): LinkFields | null {
  return editor.getEditorState().read(() => {
    const link = $linkAtSelection();
    return link ? { url: link.getURL(), title: link.getTitle() ?? '' } : null;
  });
}

/**
 * Links the selected text to `url`, or changes the link at the cursor. With nothing selected
 * outside a link, inserts the address itself as the link's text.
 */
export function applyLink(editor: LexicalEditor, { url, title }: LinkFields): void {
  let toggle = false;
  editor.update(
    () => {
      const selection = $selectionOrEnd();
      const link = $linkAtSelection();
      if (!selection.isCollapsed()) {
        toggle = true;
      } else if (link && !$isAutoLinkNode(link)) {
        link.setURL(url);
        link.setTitle(title || null);
      } else {
        const node = $createLinkNode(url, { title: title || null });
        node.append($createTextNode(url));
        if (link) link.replace(node);
        else $insertNodes([node]);
        node.selectEnd();
      }
    },
    { discrete: true },
  );
  if (!toggle) return;
  editor.dispatchCommand(TOGGLE_LINK_COMMAND, { url, title: title || null });
  // The caret goes after the new link, as after any insertion: left selected, the next key typed
  // (Enter, a letter) would replace the linked text.
  editor.update(() => $linkAtSelection()?.selectEnd(), { discrete: true });
}

/** Turns the link at the cursor or in the selection back into plain text. */
export function removeLink(editor: LexicalEditor): void {
  editor.dispatchCommand(TOGGLE_LINK_COMMAND, null);
}
