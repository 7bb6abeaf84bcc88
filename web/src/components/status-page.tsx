import type { ReactNode } from 'react';
import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Page } from './page';

type StatusPageProps = { title: string; text: string; homeHref: string; children?: ReactNode };

/** An error or status page: what happened and a way back home. */
export function StatusPage({ title, text, homeHref, children }: StatusPageProps) {
  const { t } = useTranslation();
  return (
    <Page title={title}>
      <Text>{text}</Text>
      {children}
      <Anchor component={Link} to={homeHref} w="fit-content">
        {t('errors.backHome')}
      </Anchor>
    </Page>
  );
}
