import type { ParseKeys } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useFormatPointInTime } from '../../lib/time-zone';
import type { EntryActor, EntryEventKind, EntryState } from '@einwurf/contract';

/** Who looks at an entry: its author, or moderation. Some words differ between the two. */
export type EntryViewer = 'author' | 'moderation';

/** What a line of a timeline says about one event, without its date. */
export type DescribableEvent = {
  kind: EntryEventKind;
  actor: EntryActor;
  from_state: EntryState | null;
  to_state: EntryState | null;
  created_at?: string;
  /** The publication time the change scheduled, or moved a scheduled publication to. */
  publish_at?: string | null;
  /** Moderation's timelines: the account that made the change (null: the author, or a deleted account). */
  by?: string | null;
  /** Moderation's timelines, kind `assigned`: whom the entry went to (null: released). */
  assignee?: string | null;
};

/** The catalogue key of a state's name: the author reads "In Moderation" where moderation reads "Proposed". */
export function stateNameKey(state: EntryState, viewer: EntryViewer): ParseKeys {
  return viewer === 'author' ? `entry.state.${state}` : `admin.state.${state}`;
}

// The kinds the author reads in words of their own (the `_author` variants of `event.kind.*`).
const AUTHOR_WORDED_KINDS = ['created', 'proposed'] as const satisfies readonly EntryEventKind[];
const isAuthorWorded = (kind: EntryEventKind): kind is (typeof AUTHOR_WORDED_KINDS)[number] =>
  (AUTHOR_WORDED_KINDS as readonly EntryEventKind[]).includes(kind);

/**
 * Translates an event: what happened, who did it and, for a move between states, from which state to
 * which. The author's words come from the `_author` variants of the `event.*` keys where they differ
 * ("Du" for the author); the author is shown moves moderation made, moderation every move.
 */
export function useDescribeEvent(
  viewer: EntryViewer = 'moderation',
): (event: DescribableEvent) => { what: string; who: string } {
  const { t } = useTranslation();
  const formatTime = useFormatPointInTime();
  return (event) => {
    // Only moderation's timelines have assignments; their words load with the moderation screens.
    if (event.kind === 'assigned') return describeAssignment(event);
    const kind =
      viewer === 'author' && isAuthorWorded(event.kind)
        ? t(`event.kind.${event.kind}`, { context: 'author' })
        : t(`event.kind.${event.kind}`);
    const moved =
      event.from_state !== null &&
      event.to_state !== null &&
      event.from_state !== event.to_state &&
      (viewer === 'moderation' || event.kind === 'state_changed');
    const change = moved
      ? t('event.move', {
          kind,
          from: t(stateNameKey(event.from_state!, viewer)),
          to: t(stateNameKey(event.to_state!, viewer)),
        })
      : kind;
    const what = event.publish_at ? withSchedule(change, event.publish_at, event.created_at) : change;
    const who =
      viewer === 'author'
        ? t(`event.actor.${event.actor}`, { context: 'author' })
        : t(`event.actor.${event.actor}`);
    return { what, who };
  };

  /** "X took the entry", "X assigned the entry to Y", "X released the entry". */
  function describeAssignment(event: DescribableEvent): { what: string; who: string } {
    const who = t(`event.actor.${event.actor}`);
    const by = event.by ?? t('assignment.event.someone');
    const what =
      event.assignee === null || event.assignee === undefined
        ? t('assignment.event.released', { by })
        : event.assignee === event.by
          ? t('assignment.event.took', { by })
          : t('assignment.event.assigned', { by, assignee: event.assignee });
    return { what, who };
  }

  /** A change that scheduled a publication says for when; one that moved it to its own time, that it published. */
  function withSchedule(what: string, publishAt: string, at: string | undefined): string {
    const isLater = at === undefined || Date.parse(publishAt) > Date.parse(at);
    return isLater
      ? t('event.scheduledFor', { what, time: formatTime(publishAt) })
      : t('event.publishedNow', { what });
  }
}
