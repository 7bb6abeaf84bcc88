import { lazy, Suspense } from 'react';
import { Group, Loader, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { CropModalProps } from './crop-modal';

// Forms pay for react-easy-crop only once an author picks an image.
const CropModal = lazy(() => import('./crop-modal'));

/** The crop dialog, with a loading line while its code arrives. */
export function LazyCropModal(props: CropModalProps) {
  const { t } = useTranslation();
  return (
    <Suspense
      fallback={
        <Group gap="xs" role="status">
          <Loader size="xs" aria-hidden />
          <Text size="sm">{t('forms.image.loadingCropper')}</Text>
        </Group>
      }
    >
      <CropModal {...props} />
    </Suspense>
  );
}
