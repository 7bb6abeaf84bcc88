import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import type { LinkFields } from './link';

type LinkDialogProps = {
  /** The link being edited, `{url: '', title: ''}` for a new one; null while closed. */
  link: (LinkFields & { existing: boolean }) | null;
  onClose: () => void;
  /** Called once the dialog has closed and gone, whatever closed it. */
  onClosed?: () => void;
  onApply: (link: LinkFields) => void;
  onRemove: () => void;
};

/** Sets the address and optional title of a link on the selected text, or removes the link. */
export function LinkDialog({ link, onClose, onClosed, onApply, onRemove }: LinkDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={link !== null}
      onClose={onClose}
      title={t('markdownEditor.link.title')}
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
      // The toolbar puts the caret back in the text once the dialog is gone (not on its button).
      returnFocus={!onClosed}
      onExitTransitionEnd={onClosed}
    >
      {/* Keyed by the link so each opening starts from its fields. */}
      {link && (
        <LinkForm
          key={`${link.url}\n${link.title}`}
          link={link}
          onClose={onClose}
          onApply={onApply}
          onRemove={onRemove}
        />
      )}
    </Modal>
  );
}

function LinkForm({
  link,
  onClose,
  onApply,
  onRemove,
}: Omit<LinkDialogProps, 'link'> & { link: NonNullable<LinkDialogProps['link']> }) {
  const { t } = useTranslation();
  const [url, setUrl] = useState(link.url);
  const [title, setTitle] = useState(link.title);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onApply({ url: url.trim(), title: title.trim() });
        onClose();
      }}
    >
      <Stack gap="sm">
        <TextInput
          label={t('markdownEditor.link.url')}
          description={t('markdownEditor.link.urlHelp')}
          value={url}
          onChange={(event) => setUrl(event.currentTarget.value)}
          data-autofocus
        />
        <TextInput
          label={t('markdownEditor.link.linkTitle')}
          value={title}
          onChange={(event) => setTitle(event.currentTarget.value)}
        />
        <Group justify="flex-end">
          {link.existing && (
            <Button
              variant="default"
              color="red"
              mr="auto"
              onClick={() => {
                onRemove();
                onClose();
              }}
            >
              {t('markdownEditor.link.remove')}
            </Button>
          )}
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" disabled={url.trim() === ''}>
            {t('markdownEditor.link.apply')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
