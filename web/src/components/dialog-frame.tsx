import type { ReactNode } from 'react';
import { Modal, type ModalRootProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';

type DialogFrameProps = {
  opened: boolean;
  title: ReactNode;
  onClose: () => void;
  size?: ModalRootProps['size'];
  children: ReactNode;
};

/** A modal dialog whose header is a div: a second banner landmark beside the top bar confuses screen readers. */
export function DialogFrame({ opened, title, onClose, size, children }: DialogFrameProps) {
  const { t } = useTranslation();
  return (
    <Modal.Root opened={opened} onClose={onClose} size={size} centered>
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
