import { Anchor, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import { DateTimeText } from '../../../components/date-time-text';
import { useTypeTitle } from '../../../lib/admin-content-types';
import type { ScheduledEntry } from '../../../lib/contract';
import classes from './latest-changes.module.css';
import '../strings';

/** Published entries waiting for their time, the soonest first: title, type and when they appear. */
export function ScheduledList({ items }: { items: readonly ScheduledEntry[] }) {
  const { t } = useTranslation();
  const typeTitle = useTypeTitle();
  if (items.length === 0) return <Text c="dimmed">{t('dashboard.noScheduled')}</Text>;
  return (
    <ol className={classes.list}>
      {items.map((item) => (
        <li key={item.id} className={classes.item}>
          <Text fw={600}>
            <Anchor component={Link} to={paths.moderateCPT({ cpt: item.type, id: item.id })}>
              {item.title || t('admin.untitled')}
            </Anchor>
          </Text>
          <Text size="sm">
            {t('dashboard.typeLabel')}: {typeTitle(item.type)}
          </Text>
          <Text size="sm">
            {t('dashboard.appearsLabel')}: <DateTimeText value={item.publish_at} />
          </Text>
        </li>
      ))}
    </ol>
  );
}
