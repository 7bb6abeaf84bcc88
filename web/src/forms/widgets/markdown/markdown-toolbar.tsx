import { createContext, useContext, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@mantine/core';
import {
  BlockTypeSelect,
  BoldItalicUnderlineToggles,
  CodeToggle,
  CreateLink,
  iconComponentFor$,
  ListsToggle,
  rootEditor$,
  Separator,
  StrikeThroughSupSubToggles,
  useCellValues,
} from '@mdxeditor/editor';
import { EmbedDialog } from './embed-dialog';
import { EmojiPicker } from './emoji-picker';
import { ImageDialog } from './image-dialog';
import { insertEmbed, insertImage, insertText } from './insert';
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
  const [editor, iconFor] = useCellValues(rootEditor$, iconComponentFor$);
  const [dialog, setDialog] = useState<'image' | 'embed' | null>(null);
  const off = disabled || !editor;
  return (
    <>
      <BlockTypeSelect />
      <Separator />
      <BoldItalicUnderlineToggles options={['Bold', 'Italic']} />
      <StrikeThroughSupSubToggles options={['Strikethrough']} />
      <CodeToggle />
      <CreateLink />
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
      <EmbedDialog
        opened={dialog === 'embed'}
        onClose={() => setDialog(null)}
        onInsert={(embed, title) => editor && insertEmbed(editor, embed, title)}
      />
    </>
  );
}
