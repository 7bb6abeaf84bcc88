import type { ReactNode } from 'react';
import { Badge, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Page } from './page';

type PlaceholderPageProps = { title: string; text: string; children?: ReactNode };

/** A screen whose real content a later issue brings: names what will be there. */
export function PlaceholderPage({ title, text, children }: PlaceholderPageProps) {
  const { t } = useTranslation();
  return (
    <Page title={title}>
      {children}
      <Badge variant="outline" color="gray.8" w="fit-content">
        {t('common.inPreparation')}
      </Badge>
      <Text>{text}</Text>
    </Page>
  );
}
