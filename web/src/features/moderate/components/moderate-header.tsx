import { Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DateTimeText } from '../../../components/date-time-text';
import { EntryStateBadge } from '../../../components/entry/entry-state-badge';
import { useTypeTitle } from '../../../lib/admin-content-types';
import { isLocale, isScheduled, type EntryData, type Locale } from '../../../lib/contract';
import { useFormatPointInTime } from '../../../lib/time-zone';
import '../strings';

/** The interface language the author wrote the entry in (German for entries from before it was kept). */
export function entryLanguageOf(entry: EntryData): Locale {
  return isLocale(entry.language) ? entry.language : 'de';
}

/** What moderation sees first of an entry: its title, state, type, language and last change. */
export function ModerateHeader({ entry }: { entry: EntryData }) {
  const { t } = useTranslation();
  const formatTime = useFormatPointInTime();
  const typeTitle = useTypeTitle();
  return (
    <Group gap="sm" wrap="wrap">
      <Text fw={700} size="lg">
        {entry.title || t('admin.untitled')}
      </Text>
      <EntryStateBadge state={entry.state} publishAt={entry.publish_at} />
      {isScheduled(entry) && entry.publish_at && (
        <Text size="sm" fw={600}>
          {t('moderate.schedule.scheduledFor', { time: formatTime(entry.publish_at) })}
        </Text>
      )}
      <Text size="sm">{typeTitle(entry.type)}</Text>
      <Text size="sm">
        {t('moderate.entryLanguage')} {t(`moderate.templates.language.${entryLanguageOf(entry)}`)}
      </Text>
      <Text size="sm" c="dimmed">
        {t('moderate.updated')} <DateTimeText value={entry.updated_at} />
      </Text>
    </Group>
  );
}
