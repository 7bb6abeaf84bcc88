import { useTranslation } from 'react-i18next';
import type { EntryActor, EntryEventKind, EntryState } from '@einwurf/contract';

/** What a line of a timeline says about one event, without its date. */
export type DescribableEvent = {
  kind: EntryEventKind;
  actor: EntryActor;
  from_state: EntryState | null;
  to_state: EntryState | null;
};

/** Translates an event: what happened, who did it and, for a state change, from which state to which. */
export function useDescribeEvent(): (event: DescribableEvent) => { what: string; who: string } {
  const { t } = useTranslation();
  return (event) => {
    const kind = t(`admin.eventKind.${event.kind}`);
    const what =
      event.from_state && event.to_state && event.from_state !== event.to_state
        ? t('admin.timeline.stateChange', {
            kind,
            from: t(`admin.state.${event.from_state}`),
            to: t(`admin.state.${event.to_state}`),
          })
        : kind;
    return { what, who: t(`admin.actor.${event.actor}`) };
  };
}
