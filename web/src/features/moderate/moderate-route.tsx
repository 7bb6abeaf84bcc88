import { Alert, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Page } from '../../components/page';
import { ApiError } from '../../lib/api-client';
import { useAdminEntry } from './api/get-entry';
import { useEntrySchema } from './api/get-entry-schema';
import { useEntryUiSchema } from './api/get-entry-ui-schema';
import { useEntryValidator } from './api/load-validator';
import { ModerateEditor } from './components/moderate-editor';

type ModeratePageProps = { cpt: string; id: string };

/** moderateCPT: takes its entry as props (the route passes its params). */
export function ModeratePage({ cpt, id }: ModeratePageProps) {
  const { t } = useTranslation();
  const entry = useAdminEntry(id);
  const schema = useEntrySchema(cpt);
  const uiSchema = useEntryUiSchema(cpt);
  const validator = useEntryValidator(cpt);

  const notFound = entry.error instanceof ApiError && entry.error.status === 404;
  const failed = entry.isError || schema.isError || uiSchema.isError || validator.isError;

  return (
    <Page title={t('moderate.title')} size="lg">
      {failed ? (
        <Alert color="red" variant="light" role="alert">
          {notFound ? t('moderate.notFound') : t('moderate.loadFailed')}
        </Alert>
      ) : entry.data && schema.data && uiSchema.data && validator.data ? (
        <ModerateEditor
          key={id}
          id={id}
          entry={entry.data}
          schema={schema.data}
          uiSchema={uiSchema.data}
          validator={validator.data}
        />
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
