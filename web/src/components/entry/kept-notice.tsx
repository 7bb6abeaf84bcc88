import { Alert, Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFormatPointInTime } from '../../lib/time-zone';
import type { KeptCopy } from './kept-typing';
import './kept-strings';

type KeptNoticeProps = {
  offer: KeptCopy;
  /** The stored revision now: a higher one than the copy's means someone saved since. */
  revision: number;
  onRestore: () => void;
  onDiscard: () => void;
};

/** Focus goes to the form's first field once the offer is answered and its buttons are gone. */
const focusForm = () => document.getElementById('entry-title')?.focus();

/** Offers unsaved changes kept from an earlier visit back: restore them into the form, or discard them. */
export function KeptNotice({ offer, revision, onRestore, onDiscard }: KeptNoticeProps) {
  const { t } = useTranslation();
  const formatTime = useFormatPointInTime();
  return (
    <Alert
      color="yellow"
      variant="light"
      role="alert"
      title={t('kept.found', { date: formatTime(new Date(offer.keptAt).toISOString()) })}
    >
      <Text size="sm">{t('kept.text')}</Text>
      {revision > offer.revision && (
        <Text size="sm" fw={600} mt="xs">
          {t('kept.movedOn')}
        </Text>
      )}
      <Group gap="sm" mt="sm">
        <Button
          size="sm"
          onClick={() => {
            onRestore();
            focusForm();
          }}
        >
          {t('kept.restore')}
        </Button>
        <Button
          size="sm"
          variant="default"
          onClick={() => {
            onDiscard();
            focusForm();
          }}
        >
          {t('kept.discard')}
        </Button>
      </Group>
    </Alert>
  );
}
