import { Alert, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Page } from '../../components/page';
import { ApiError } from '../../lib/api-client';
import { useEntryType } from '../../lib/entry-types';
import { useAdminEntry } from './api/get-entry';
import { ModerateEditor } from './components/moderate-editor';
import './strings';

type ModeratePageProps = { cpt: string; id: string };

/** moderateCPT: takes its entry as props (the route passes its params). */
export function ModeratePage({ cpt, id }: ModeratePageProps) {
  const { t } = useTranslation();
  const entry = useAdminEntry(id);
  const entryType = useEntryType(cpt);

  const notFound = entry.error instanceof ApiError && entry.error.code === 'NOT_FOUND';
  const failed = entry.isError || entryType.error !== null;

  return (
    <Page title={t('moderate.title')} size="lg">
      {failed ? (
        <Alert color="red" variant="light" role="alert">
          {notFound ? t('moderate.notFound') : t('moderate.loadFailed')}
        </Alert>
      ) : entry.data && entryType.data ? (
        <ModerateEditor key={id} id={id} entry={entry.data} {...entryType.data} />
      ) : (
        <Text c="dimmed">{t('common.loading')}</Text>
      )}
    </Page>
  );
}

export function Component() {
  const { cpt = '', id = '' } = useParams();
  return <ModeratePage cpt={cpt} id={id} />;
}
