import { Alert, Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import './proposed-strings';
import './create-strings';
import { Link, useParams } from 'react-router';
import { paths } from '../../lib/paths';
import { Page } from '../../components/page';
import { CopyField } from './components/copy-field';
import { permalinkOf } from './permalink';

/** proposedCPT: the entry is with moderation; the permalink to come back, and a way back to it. */
export function Component() {
  const { t } = useTranslation();
  const { cpt = '', id = '' } = useParams();
  const entry = { cpt, id };
  return (
    <Page title={t('entry.proposed.title')} size="sm">
      <Alert color="blue" variant="light" title={t('entry.proposed.inModerationTitle')}>
        {t('entry.proposed.inModeration')}
      </Alert>
      <Text>{t('entry.proposed.keepLink')}</Text>
      <CopyField
        label={t('entry.create.permalink')}
        value={permalinkOf(entry)}
        copyLabel={t('entry.copy.copyLink')}
      />
      <Group>
        <Button component={Link} to={paths.editCPT(entry)} variant="light">
          {t('entry.proposed.back')}
        </Button>
        <Button component={Link} to={paths.home()} variant="default">
          {t('errors.backHome')}
        </Button>
      </Group>
    </Page>
  );
}
