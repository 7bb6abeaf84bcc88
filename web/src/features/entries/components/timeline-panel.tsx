import { Alert, Loader, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { EntryEvent, EntryState } from '../../../lib/contract';
import { formatDateTime } from '../../../lib/format-date';
import { useEntryEvents } from '../api/get-entry-events';

function useEventText() {
  const { t } = useTranslation();
  return (event: EntryEvent) => {
    const state = (value: EntryState | null) => (value ? t(`entry.state.${value}`) : '–');
    return t(`timeline.kind.${event.kind}`, { from: state(event.from_state), to: state(event.to_state) });
  };
}

/** The entry's timeline: what happened when, and by whom (the author or moderation). */
export function TimelinePanel({ entryId }: { entryId: string }) {
  const { t } = useTranslation();
  const events = useEntryEvents(entryId);
  const describe = useEventText();
  return (
    <Stack component="section" aria-labelledby="timeline-heading" gap="sm">
      <Title order={2} id="timeline-heading">
        {t('timeline.title')}
      </Title>
      {events.isPending && <Loader size="sm" aria-label={t('timeline.loading')} />}
      {events.isError && (
        <Alert color="red" role="alert">
          {t('timeline.loadFailed')}
        </Alert>
      )}
      {events.data && (
        <Stack component="ol" gap="xs" m={0} pl="lg" aria-label={t('timeline.list')}>
          {[...events.data].reverse().map((event, index) => (
            <li key={`${event.created_at}-${index}`}>
              <Text fw={500}>{describe(event)}</Text>
              <Text size="sm" c="dimmed">
                {t('timeline.meta', {
                  date: formatDateTime(event.created_at),
                  actor: t(`timeline.actor.${event.actor}`),
                })}
              </Text>
            </li>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
