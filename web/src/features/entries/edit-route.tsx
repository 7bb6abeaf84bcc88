import { useMemo, useState } from 'react';
import { Alert, Button, Group, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { paths } from '../../app/paths';
import { ApiError, isHandledError } from '../../lib/api-client';
import { Page } from '../../components/page';
import { useEntry } from './api/get-entry';
import { useEntrySchema } from './api/get-entry-schema';
import { useEntryUiSchema } from './api/get-entry-ui-schema';
import { useEntryValidator } from './api/get-entry-validator';
import { readCachedEntry } from './cached-entry';
import { EntryEditor } from './components/entry-editor';

/** editCPT: loads the entry, its type's schemas and validator, then the author's editor. */
export function Component() {
  const { t } = useTranslation();
  const { cpt = '', id = '' } = useParams();
  const entryRef = useMemo(() => ({ cpt, id }), [cpt, id]);
  // Read once: an edit kept across a session expiry replaces the loaded data (the editor clears it).
  const [restored] = useState(() => readCachedEntry(entryRef));
  const entry = useEntry(id);
  const schema = useEntrySchema(cpt);
  const uiSchema = useEntryUiSchema(cpt);
  const validator = useEntryValidator(cpt);

  const failed = [entry, schema, uiSchema, validator].find((query) => query.isError);
  if (failed) {
    const error = failed.error;
    if (isHandledError(error)) return <Loader aria-label={t('common.loading')} />;
    const missing = error instanceof ApiError && error.status === 404;
    return (
      <Page title={t('entry.edit.title')}>
        <Alert
          color="red"
          role="alert"
          title={missing ? t('entry.errors.notFoundTitle') : t('entry.errors.loadFailedTitle')}
        >
          {missing ? t('entry.errors.notFound') : t('entry.errors.loadFailed')}
        </Alert>
        <Group>
          {missing && (
            <Button component={Link} to={paths.editCPTPreAuth(entryRef)} variant="light">
              {t('entry.errors.openWithPassword')}
            </Button>
          )}
          <Button component={Link} to={paths.home()} variant="default">
            {t('errors.backHome')}
          </Button>
        </Group>
      </Page>
    );
  }
  // The editor starts from the server's current entry, never from an older cached answer.
  if (!entry.data || !entry.isFetchedAfterMount || !schema.data || !uiSchema.data || !validator.data) {
    return (
      <Page title={t('entry.edit.title')}>
        <Loader aria-label={t('entry.edit.loading')} />
      </Page>
    );
  }
  return (
    <Page title={t('entry.edit.title')}>
      <EntryEditor
        key={id}
        entryRef={entryRef}
        entry={entry.data}
        restored={restored}
        schema={schema.data}
        uiSchema={uiSchema.data}
        validator={validator.data}
      />
    </Page>
  );
}
