import { useState } from 'react';
import { Button, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { TypedConfirmModal } from '../../../components/typed-confirm-modal';
import '../strings';

type DeleteSectionProps = {
  /** What the moderator types to confirm: the title, or the id of an untitled entry. */
  expected: string;
  isPending: boolean;
  /** Deletes; answers whether it worked (the dialog stays open otherwise). */
  onDelete: () => Promise<boolean>;
};

/** Moderation's delete: a section of its own, confirmed by typing the entry's title. */
export function DeleteSection({ expected, isPending, onDelete }: DeleteSectionProps) {
  const { t } = useTranslation();
  const [deleting, setDeleting] = useState(false);
  return (
    <section aria-labelledby="delete-heading">
      <Title order={2} size="h3" id="delete-heading" mb="sm">
        {t('moderate.delete.title')}
      </Title>
      <Text size="sm" mb="sm">
        {t('moderate.delete.hint')}
      </Text>
      <Button color="red.9" variant="outline" onClick={() => setDeleting(true)}>
        {t('moderate.delete.button')}
      </Button>
      <TypedConfirmModal
        opened={deleting}
        title={t('moderate.delete.confirmTitle')}
        text={t('moderate.delete.confirmText')}
        expected={expected}
        inputLabel={t('moderate.delete.confirmLabel')}
        confirmLabel={t('moderate.delete.confirm')}
        onConfirm={() => void onDelete().then((deleted) => !deleted && setDeleting(false))}
        onClose={() => setDeleting(false)}
        isPending={isPending}
      />
    </section>
  );
}
