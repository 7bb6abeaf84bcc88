import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { useDocumentTitle } from '../lib/document-title';

type RouteErrorPageProps = { onReload?: () => void; asMain?: boolean };

/** The route errorElement: a screen that failed to load or render never leaves a blank page. */
export function RouteErrorPage({
  onReload = () => window.location.reload(),
  asMain = false,
}: RouteErrorPageProps) {
  const { t } = useTranslation();
  const error = useRouteError();
  const heading = useDocumentTitle(t('errors.route.title'));
  if (error && import.meta.env.DEV) console.error(error);
  return (
    <Container size="sm" py="xl" component={asMain ? 'main' : 'div'}>
      <Stack gap="md" role="alert">
        <Title ref={heading} order={1} tabIndex={-1}>
          {t('errors.route.title')}
        </Title>
        <Text>{t('errors.route.text')}</Text>
        <Button onClick={onReload} w="fit-content">
          {t('errors.route.reload')}
        </Button>
      </Stack>
    </Container>
  );
}
