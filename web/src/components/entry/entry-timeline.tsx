import { Alert, Box, Group, Loader, Text, Title, type TitleOrder } from '@mantine/core';
import type { EntryEvent } from '@einwurf/contract';
import { useTranslation } from 'react-i18next';
import { DateTimeText } from '../date-time-text';
import { useDescribeEvent, type EntryViewer } from './describe-event';
import classes from './entry-panels.module.css';

type EntryTimelineProps = {
  events: readonly EntryEvent[];
  /** The author reads the newest first, in their own words; moderation reads the log in order. */
  viewer?: EntryViewer;
  isLoading?: boolean;
  isError?: boolean;
  headingOrder?: TitleOrder;
};

/** An entry's timeline from its event log: what happened, who did it, when. Data comes from the caller. */
export function EntryTimeline({
  events,
  viewer = 'moderation',
  isLoading = false,
  isError = false,
  headingOrder = 2,
}: EntryTimelineProps) {
  const { t } = useTranslation();
  const describe = useDescribeEvent(viewer);
  const newestFirst = viewer === 'author';
  const shown = newestFirst ? [...events].reverse() : events;
  return (
    <section aria-labelledby="entry-timeline-heading">
      <Title order={headingOrder} size="h3" id="entry-timeline-heading" mb="sm">
        {t('timeline.title')}
      </Title>
      {isError ? (
        <Alert color="red" role="alert">
          {t('timeline.loadFailed')}
        </Alert>
      ) : isLoading ? (
        <Loader size="sm" role="progressbar" aria-label={t('timeline.loading')} />
      ) : events.length === 0 ? (
        <Text c="dimmed">{t('timeline.empty')}</Text>
      ) : (
        <ol className={classes.list} aria-label={newestFirst ? t('timeline.list') : undefined}>
          {shown.map((event, index) => {
            const { what, who } = describe(event);
            return (
              <li key={`${event.created_at}-${index}`} className={classes.timelineItem}>
                <Box>
                  <Text fw={600}>{what}</Text>
                  {newestFirst ? (
                    <Text size="sm" c="dimmed">
                      <DateTimeText value={event.created_at} /> · {who}
                    </Text>
                  ) : (
                    <Group gap="xs">
                      <Text size="sm">{t('event.by', { actor: who })}</Text>
                      <Text size="sm" c="dimmed">
                        <DateTimeText value={event.created_at} />
                      </Text>
                    </Group>
                  )}
                </Box>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
