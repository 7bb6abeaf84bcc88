import { Alert, Anchor, Button, Code, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import './strings';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../lib/paths';
import { EXTERNAL_CONFIRMED_ATTRIBUTE, parseDestination } from '../../lib/external-link';
import { Page } from '../../components/page';

/** /external?destination=…: shows where a link to another host leads and lets the user open it or not. */
export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const destination = parseDestination(searchParams.get('destination'));

  const handleCancel = () => {
    if (window.history.length > 1) void navigate(-1);
    else void navigate(paths.home());
  };

  if (!destination) {
    return (
      <Page title={t('external.title')}>
        <Alert color="red" variant="light" title={t('external.invalid')} role="alert">
          {t('external.invalidText')}
        </Alert>
        <Anchor component={Link} to={paths.home()} w="fit-content">
          {t('errors.backHome')}
        </Anchor>
      </Page>
    );
  }

  return (
    <Page title={t('external.title')}>
      <Text>{t('external.text')}</Text>
      <Code block style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>
        {destination.href}
      </Code>
      <Text>{t('external.hint')}</Text>
      <Group gap="sm">
        <Button
          component="a"
          href={destination.href}
          rel="noopener noreferrer"
          {...{ [EXTERNAL_CONFIRMED_ATTRIBUTE]: '' }}
        >
          {t('external.open')}
        </Button>
        <Button variant="default" onClick={handleCancel}>
          {t('external.cancel')}
        </Button>
      </Group>
    </Page>
  );
}
