import { Badge } from '@mantine/core';
import type { EntryState } from '@einwurf/contract';
import { isScheduled } from '../../lib/contract';
import { useTranslation } from 'react-i18next';
import { stateNameKey, type EntryViewer } from './describe-event';

// Dark shades: white text on them stays above WCAG AA contrast.
const stateColor: Record<EntryState, string> = {
  draft: 'violet.9',
  proposed: 'blue.9',
  rejected: 'red.9',
  published: 'teal.9',
  deleted: 'gray.8',
};

type EntryStateBadgeProps = {
  state: EntryState;
  /** The author reads "Status: In Moderation"; moderation's lists and editor name the bare state. */
  viewer?: EntryViewer;
  /** When readers see a published entry from: a time still to come shows it as scheduled. */
  publishAt?: string | null;
};

/** An entry's state as a labelled badge; deleted entries are labelled as such. */
export function EntryStateBadge({ state, viewer = 'moderation', publishAt = null }: EntryStateBadgeProps) {
  const { t } = useTranslation();
  // Scheduled is how a published entry waiting for its time looks, not a state of its own.
  const scheduled = isScheduled({ state, publish_at: publishAt });
  const name = scheduled
    ? t(viewer === 'author' ? 'entry.state.scheduled' : 'admin.state.scheduled')
    : t(stateNameKey(state, viewer));
  return (
    <Badge
      color={stateColor[state] ?? 'gray.8'}
      variant={scheduled ? 'outline' : 'filled'}
      tt="none"
      size={viewer === 'author' ? 'lg' : undefined}
    >
      {viewer === 'author' ? t('entry.stateLabel', { state: name }) : name}
    </Badge>
  );
}
