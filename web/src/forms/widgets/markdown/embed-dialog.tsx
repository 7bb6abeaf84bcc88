import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { parseEmbedUrl, type Embed } from './embeds';

type EmbedDialogProps = {
  opened: boolean;
  onClose: () => void;
  /** Called once the dialog has closed and gone, whatever closed it. */
  onClosed?: () => void;
  onInsert: (embed: Embed, title: string) => void;
};

/** Embeds a YouTube or Vimeo video by its address; the title names the player for screen readers. */
export function EmbedDialog({ opened, onClose, onClosed, onInsert }: EmbedDialogProps) {
  const { t } = useTranslation();
  const [url, setUrl] = useState('');
  const [title, setTitle] = useState('');
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    setUrl('');
    setTitle('');
    setError(null);
    onClose();
  };
  const submit = () => {
    const embed = parseEmbedUrl(url);
    if (!embed) {
      setError(t('markdownEditor.embed.invalid'));
      return;
    }
    onInsert(embed, title.trim() || t(`markdownEditor.embed.defaultTitle.${embed.provider}`));
    close();
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('markdownEditor.embed.title')}
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
      // The toolbar puts the caret back in the text once the dialog is gone (not on its button).
      returnFocus={!onClosed}
      onExitTransitionEnd={onClosed}
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack gap="sm">
          <TextInput
            label={t('markdownEditor.embed.url')}
            description={t('markdownEditor.embed.urlHelp')}
            value={url}
            error={error}
            onChange={(event) => {
              setUrl(event.currentTarget.value);
              setError(null);
            }}
            data-autofocus
          />
          <TextInput
            label={t('markdownEditor.embed.videoTitle')}
            value={title}
            onChange={(event) => setTitle(event.currentTarget.value)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" disabled={url.trim() === ''}>
              {t('markdownEditor.embed.insert')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
