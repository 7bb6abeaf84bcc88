import type { ReactNode } from 'react';
import { Modal } from '@mantine/core';
import { useTranslation } from 'react-i18next';

type ConfirmDialogProps = { opened: boolean; title: string; onClose: () => void; children: ReactNode };

/** A modal dialog whose header is a div: a second banner landmark beside the top bar confuses screen readers. */
export function ConfirmDialog({ opened, title, onClose, children }: ConfirmDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal.Root opened={opened} onClose={onClose} centered>
      <Modal.Overlay />
      <Modal.Content>
        <Modal.Header component="div">
          <Modal.Title>{title}</Modal.Title>
          <Modal.CloseButton aria-label={t('common.close')} />
        </Modal.Header>
        <Modal.Body>{children}</Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
