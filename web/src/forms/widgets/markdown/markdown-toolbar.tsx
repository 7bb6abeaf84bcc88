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
import { COMMAND_PRIORITY_HIGH, KEY_DOWN_COMMAND, type LexicalEditor } from 'lexical';
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

  // Ctrl+K (Cmd+K on Apple devices) opens the link dialog, as in most editors.
  useEffect(() => {
    if (!linkEditor || disabled) return;
    return linkEditor.registerCommand(
      KEY_DOWN_COMMAND,
      (event) => {
        if (event.key.toLowerCase() !== 'k' || !(event.ctrlKey || event.metaKey) || event.altKey)
          return false;
        event.preventDefault();
        openLink();
        return true;
      },
      COMMAND_PRIORITY_HIGH,
    );
  }, [linkEditor, disabled, openLink]);
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
      <SpecialCharacters disabled={off} onPick={(character) => editor && insertText(editor, character)} />
      <EmojiPicker disabled={off} onPick={(emoji) => editor && insertText(editor, emoji)} />
      <Separator />
      <SourceToggle />
      <ImageDialog
        opened={dialog === 'image'}
        onClose={() => setDialog(null)}
        onInsert={({ src, alt, width }) => editor && insertImage(editor, src, alt, width)}
      />
      <LinkDialog
        link={link}
        onClose={() => setLink(null)}
        onApply={(fields) => linkEditor && applyLink(linkEditor, fields)}
        onRemove={() => linkEditor && removeLink(linkEditor)}
      />
      <EmbedDialog
        opened={dialog === 'embed'}
        onClose={() => setDialog(null)}
        onInsert={(embed, title) => editor && insertEmbed(editor, embed, title)}
      />
    </>
  );
}
