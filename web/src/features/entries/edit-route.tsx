import { useMemo, useState } from 'react';
import { Alert, Button, Group, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { paths } from '../../lib/paths';
import { ApiError, isHandledError } from '../../lib/api-client';
import { useEntryType } from '../../lib/entry-types';
import { Page } from '../../components/page';
import { useEntry } from './api/get-entry';
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
  const entryType = useEntryType(cpt);

  const error = entry.error ?? entryType.error;
  if (error) {
    if (isHandledError(error)) return <Loader role="progressbar" aria-label={t('common.loading')} />;
    const missing = error instanceof ApiError && error.code === 'NOT_FOUND';
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
  if (!entry.data || !entry.isFetchedAfterMount || !entryType.data) {
    return (
      <Page title={t('entry.edit.title')}>
        <Loader role="progressbar" aria-label={t('entry.edit.loading')} />
      </Page>
    );
  }
  return (
    <Page title={t('entry.edit.title')}>
      <EntryEditor key={id} entryRef={entryRef} entry={entry.data} restored={restored} {...entryType.data} />
    </Page>
  );
}
