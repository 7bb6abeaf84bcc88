import { Box, Group, Text, Title, type TitleOrder } from '@mantine/core';
import type { EntryEvent } from '@einwurf/contract';
import { useTranslation } from 'react-i18next';
import { DateTimeText } from '../date-time-text';
import { useDescribeEvent } from './describe-event';
import classes from './entry-panels.module.css';

type EntryTimelineProps = {
  events: readonly EntryEvent[];
  isLoading?: boolean;
  /** A translated message when the timeline could not be loaded. */
  loadError?: string | null;
  headingOrder?: TitleOrder;
};

/** An entry's timeline from its event log: what happened, who did it, when. Data comes from the caller. */
export function EntryTimeline({
  events,
  isLoading = false,
  loadError = null,
  headingOrder = 2,
}: EntryTimelineProps) {
  const { t } = useTranslation();
  const describe = useDescribeEvent();
  return (
    <section aria-labelledby="entry-timeline-heading">
      <Title order={headingOrder} size="h3" id="entry-timeline-heading" mb="sm">
        {t('admin.timeline.title')}
      </Title>
      {loadError ? (
        <Text c="red.9" role="alert">
          {loadError}
        </Text>
      ) : isLoading ? (
        <Text c="dimmed">{t('common.loading')}</Text>
      ) : events.length === 0 ? (
        <Text c="dimmed">{t('admin.timeline.empty')}</Text>
      ) : (
        <ol className={classes.list}>
          {events.map((event, index) => {
            const { what, who } = describe(event);
            return (
              <li key={`${event.created_at}-${index}`} className={classes.timelineItem}>
                <Box>
                  <Text fw={600}>{what}</Text>
                  <Group gap="xs">
                    <Text size="sm">{t('admin.timeline.by', { actor: who })}</Text>
                    <Text size="sm" c="dimmed">
                      <DateTimeText value={event.created_at} />
                    </Text>
                  </Group>
                </Box>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
