import { Anchor, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import { DateTimeText } from '../../../components/date-time-text';
import { useDescribeEvent } from '../../../components/entry/describe-event';
import type { TimelineItem } from '../../../lib/contract';
import classes from './latest-changes.module.css';

/** The latest changes across all entries: what happened, who did it, when, and to which entry. */
export function LatestChanges({ items }: { items: readonly TimelineItem[] }) {
  const { t } = useTranslation();
  const describe = useDescribeEvent();
  if (items.length === 0) return <Text c="dimmed">{t('dashboard.timelineEmpty')}</Text>;
  return (
    <ol className={classes.list}>
      {items.map((item, index) => {
        const { what, who } = describe(item);
        // A deleted entry has nothing left to moderate.
        const title = item.entry_title || t('admin.untitled');
        return (
          <li key={`${item.entry_id}-${item.created_at}-${index}`} className={classes.item}>
            <Text fw={600}>
              {item.to_state === 'deleted' || item.kind === 'deleted' ? (
                title
              ) : (
                <Anchor component={Link} to={paths.moderateCPT({ cpt: item.type, id: item.entry_id })}>
                  {title}
                </Anchor>
              )}
            </Text>
            <Text size="sm">
              {what} · {t('event.by', { actor: who })}
            </Text>
            <Text size="sm" c="dimmed">
              <DateTimeText value={item.created_at} />
            </Text>
          </li>
        );
      })}
    </ol>
  );
}
