import { createContext, useCallback, useContext, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@mantine/core';
import {
  activeEditor$,
  BoldItalicUnderlineToggles,
  CodeToggle,
  iconComponentFor$,
  ListsToggle,
  rootEditor$,
  Separator,
  StrikeThroughSupSubToggles,
  useCellValues,
} from '@mdxeditor/editor';
import {
  COMMAND_PRIORITY_CRITICAL,
  COMMAND_PRIORITY_HIGH,
  INDENT_CONTENT_COMMAND,
  KEY_DOWN_COMMAND,
  KEY_TAB_COMMAND,
  OUTDENT_CONTENT_COMMAND,
  type LexicalEditor,
} from 'lexical';
import { BlockTypeSelect } from './block-type-select';
import { EmbedDialog } from './embed-dialog';
import { EmojiPicker } from './emoji-picker';
import { ImageDialog } from './image-dialog';
import { insertEmbed, insertImage, insertText } from './insert';
import { applyLink, currentLink, removeLink, type LinkFields } from './link';
import { LinkDialog } from './link-dialog';
import { SpecialCharacters } from './special-characters';
import { ToolbarIconButton } from './toolbar-button';

/** What the toolbar needs from the widget: whether it is disabled and the source-view switch. */
export type EditorControls = { disabled: boolean; source: boolean; toggleSource: () => void };

export const EditorControlsContext = createContext<EditorControls>({
  disabled: false,
  source: false,
  toggleSource: () => {},
});

/** Switches between the rich view and the Markdown source; shown in both views' toolbars. */
export function SourceToggle() {
  const { t } = useTranslation();
  const { disabled, source, toggleSource } = useContext(EditorControlsContext);
  return (
    <Button
      size="compact-sm"
      variant={source ? 'filled' : 'default'}
      aria-pressed={source}
      disabled={disabled}
      onClick={toggleSource}
    >
      {t('markdownEditor.source.toggle')}
    </Button>
  );
}

/** What a key press asks of the editor beyond MDXEditor's own keys, if anything. */
function shortcutOf(
  event: KeyboardEvent,
): 'link' | typeof INDENT_CONTENT_COMMAND | typeof OUTDENT_CONTENT_COMMAND | null {
  const key = event.key.toLowerCase();
  if (event.altKey && event.shiftKey && !event.ctrlKey && !event.metaKey) {
    if (key === 'arrowright') return INDENT_CONTENT_COMMAND;
    if (key === 'arrowleft') return OUTDENT_CONTENT_COMMAND;
    return null;
  }
  if (!(event.ctrlKey || event.metaKey) || event.altKey) return null;
  if (key === 'k') return 'link';
  if (key === ']') return INDENT_CONTENT_COMMAND;
  if (key === '[') return OUTDENT_CONTENT_COMMAND;
  return null;
}

/** The rich view's toolbar: MDXEditor's formatting controls, then ours. */
export function ToolbarContents() {
  const { t } = useTranslation();
  const { disabled } = useContext(EditorControlsContext);
  const [editor, active, iconFor] = useCellValues(rootEditor$, activeEditor$, iconComponentFor$);
  const [dialog, setDialog] = useState<'image' | 'embed' | null>(null);
  const [link, setLink] = useState<(LinkFields & { existing: boolean }) | null>(null);
  const off = disabled || !editor;
  /** Links act in the editor with the cursor: the text or a nested one. */
  const linkEditor: LexicalEditor | null = active ?? editor;

  const openLink = useCallback(() => {
    if (!linkEditor) return;
    const existing = currentLink(linkEditor);
    setLink(existing ? { ...existing, existing: true } : { url: '', title: '', existing: false });
  }, [linkEditor]);

  // Keys of our own, with Ctrl on most devices and Cmd on Apple's: K opens the link dialog, as in
  // most editors. Alt+Shift+→ / ← indent and outdent (a list item: nesting) as in word processors,
  // and Ctrl+] / Ctrl+[ too.
  useEffect(() => {
    if (!linkEditor || disabled) return;
    return linkEditor.registerCommand(
      KEY_DOWN_COMMAND,
      (event) => {
        const command = shortcutOf(event);
        if (command === null) return false;
        event.preventDefault();
        if (command === 'link') openLink();
        else linkEditor.dispatchCommand(command, undefined);
        return true;
      },
      COMMAND_PRIORITY_HIGH,
    );
  }, [linkEditor, disabled, openLink]);

  // Tab and Shift+Tab leave the text for the next or previous control, as in every other field
  // (WCAG 2.1.2, no keyboard trap): handled before the lists' Tab indentation, without keeping the
  // browser from moving focus. Indentation stays at hand in the toolbar and with Ctrl+] / Ctrl+[.
  useEffect(() => {
    const editors = [...new Set([editor, linkEditor])].filter((e): e is LexicalEditor => e !== null);
    const releases = editors.map((e) =>
      e.registerCommand(KEY_TAB_COMMAND, () => true, COMMAND_PRIORITY_CRITICAL),
    );
    return () => releases.forEach((release) => release());
  }, [editor, linkEditor]);

  /** After a dialog or menu of the toolbar: the caret back in the text, where it was. */
  const backToText = useCallback(() => {
    // Unless the editor went meanwhile (the dialog outlived the form).
    if (linkEditor?.getRootElement()?.isConnected) linkEditor.focus();
  }, [linkEditor]);

  return (
    <>
      <BlockTypeSelect disabled={off} />
      <Separator />
      <BoldItalicUnderlineToggles options={['Bold', 'Italic']} />
      <StrikeThroughSupSubToggles options={['Strikethrough']} />
      <CodeToggle />
      <ToolbarIconButton label={t('markdownEditor.link.open')} disabled={off} onClick={openLink}>
        {iconFor('link')}
      </ToolbarIconButton>
      <Separator />
      <ListsToggle options={['bullet', 'number']} />
      <ToolbarIconButton
        label={t('markdownEditor.indent.more')}
        aria-keyshortcuts="Alt+Shift+ArrowRight Control+]"
        disabled={off}
        onClick={() => linkEditor?.dispatchCommand(INDENT_CONTENT_COMMAND, undefined)}
      >
        <span aria-hidden="true">⇥</span>
      </ToolbarIconButton>
      <ToolbarIconButton
        label={t('markdownEditor.indent.less')}
        aria-keyshortcuts="Alt+Shift+ArrowLeft Control+["
        disabled={off}
        onClick={() => linkEditor?.dispatchCommand(OUTDENT_CONTENT_COMMAND, undefined)}
      >
        <span aria-hidden="true">⇤</span>
      </ToolbarIconButton>
      <Separator />
      <ToolbarIconButton
        label={t('markdownEditor.image.open')}
        disabled={off}
        onClick={() => setDialog('image')}
      >
        {iconFor('add_photo')}
      </ToolbarIconButton>
      <ToolbarIconButton
        label={t('markdownEditor.embed.open')}
        disabled={off}
        onClick={() => setDialog('embed')}
      >
        <span aria-hidden="true">▶</span>
      </ToolbarIconButton>
      <SpecialCharacters
        disabled={off}
        onPick={(character) => editor && insertText(editor, character)}
        onClosed={backToText}
      />
      <EmojiPicker
        disabled={off}
        onPick={(emoji) => editor && insertText(editor, emoji)}
        onClosed={backToText}
      />
      <Separator />
      <SourceToggle />
      <ImageDialog
        opened={dialog === 'image'}
        onClose={() => setDialog(null)}
        onClosed={backToText}
        onInsert={({ src, alt, width }) => editor && insertImage(editor, src, alt, width)}
      />
      <LinkDialog
        link={link}
        onClose={() => setLink(null)}
        onClosed={backToText}
        onApply={(fields) => linkEditor && applyLink(linkEditor, fields)}
        onRemove={() => linkEditor && removeLink(linkEditor)}
      />
      <EmbedDialog
        opened={dialog === 'embed'}
        onClose={() => setDialog(null)}
        onClosed={backToText}
        onInsert={(embed, title) => editor && insertEmbed(editor, embed, title)}
      />
    </>
  );
}
