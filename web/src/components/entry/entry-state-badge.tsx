import { Badge } from '@mantine/core';
import type { EntryState } from '@einwurf/contract';
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
};

/** An entry's state as a labelled badge; deleted entries are labelled as such. */
export function EntryStateBadge({ state, viewer = 'moderation' }: EntryStateBadgeProps) {
  const { t } = useTranslation();
  return (
    <Badge
      color={stateColor[state] ?? 'gray.8'}
      variant="filled"
      tt="none"
      size={viewer === 'author' ? 'lg' : undefined}
    >
      {viewer === 'author'
        ? t('entry.stateLabel', { state: t(stateNameKey(state, viewer)) })
        : t(stateNameKey(state, viewer))}
    </Badge>
  );
}
