import { ENTRY_LIFECYCLE, transitionsFrom, type EntryState, type Lifecycle } from '../../lib/contract';

/**
 * The states moderation may move an entry to from `state`, as the screen offers them: the delete has
 * a button of its own, and the state furthest along the lifecycle comes first (publish, reject,
 * reopen, back to draft).
 */
export function moderationStateActions<S extends string = EntryState>(
  state: S,
  lifecycle: Lifecycle<S> = ENTRY_LIFECYCLE as unknown as Lifecycle<S>,
): S[] {
  return transitionsFrom('moderation', state, lifecycle)
    .filter((target) => target !== lifecycle.deleted)
    .reverse();
}
