import { lazy, Suspense, useState } from 'react';
import { Alert, Button, Loader, SimpleGrid, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '../../lib/paths';
import { readCurrentEntry } from '../../lib/current-entry';
import { isLocale } from '../../lib/i18n';
import { Page } from '../../components/page';
import { entryTypesQueryOptions } from './api/get-entry-types';
import './strings';

// The modal loads only when this browser already edits an entry and the user starts another.
const StartEntryDialog = lazy(() =>
  import('./components/start-entry-dialog').then((module) => ({ default: module.StartEntryDialog })),
);

/** Home: one button per entry type; asks first when this browser is already editing an entry. */
export function Component() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { data, isPending, isError } = useQuery(entryTypesQueryOptions);
  const [pendingType, setPendingType] = useState<string | null>(null);
  const locale = isLocale(i18n.language) ? i18n.language : 'de';

  const handleStart = (type: string) => {
    if (readCurrentEntry()) setPendingType(type);
    else void navigate(paths.createCPT(type));
  };
  const handleConfirm = () => {
    if (!pendingType) return;
    // The new entry replaces the current one only once it exists (the create screen stores it).
    void navigate(paths.createCPT(pendingType));
  };
  const handleBack = () => {
    const entry = readCurrentEntry();
    setPendingType(null);
    if (entry) void navigate(paths.editCPT(entry));
  };

  return (
    <Page title={t('home.title')}>
      <Text>{t('home.intro')}</Text>
      {isPending && <Loader role="progressbar" aria-label={t('home.loading')} />}
      {isError && (
        <Alert color="red" title={t('home.loadFailedTitle')} role="alert">
          {t('home.loadFailedText')}
        </Alert>
      )}
      {data && data.data.length === 0 && <Text>{t('home.empty')}</Text>}
      {data && data.data.length > 0 && (
        <SimpleGrid
          component="ul"
          cols={{ base: 1, sm: 2 }}
          p={0}
          m={0}
          aria-label={t('home.typesLabel')}
          style={{ listStyle: 'none' }}
        >
          {data.data.map((type) => (
            <Stack component="li" key={type.name} gap="xs">
              <Button size="lg" onClick={() => handleStart(type.name)}>
                {type.title[locale] || type.title.de || type.name}
              </Button>
              <Text size="sm">{type.description[locale] || type.description.de}</Text>
            </Stack>
          ))}
        </SimpleGrid>
      )}
      {pendingType !== null && (
        <Suspense fallback={null}>
          <StartEntryDialog
            opened
            onClose={() => setPendingType(null)}
            onBack={handleBack}
            onConfirm={handleConfirm}
          />
        </Suspense>
      )}
    </Page>
  );
}
