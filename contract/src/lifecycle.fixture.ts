import {
  defineLifecycle,
  ENTRY_LIFECYCLE,
  ENTRY_STATES,
  type EntryState,
  type Lifecycle,
} from './lifecycle.ts';

/** A state the shipped lifecycle lacks, for tests that show a new state needs no code of its own. */
export type Archivable = EntryState | 'archived';

/**
 * The shipped lifecycle plus `archived`: moderation archives published entries and brings them back
 * (or deletes them); the author can no longer change an archived entry.
 */
export const ARCHIVE_LIFECYCLE: Lifecycle<Archivable> = defineLifecycle<Archivable>({
  ...ENTRY_LIFECYCLE,
  states: [...ENTRY_STATES, 'archived'],
  transitions: {
    author: ENTRY_LIFECYCLE.transitions.author,
    moderation: {
      ...ENTRY_LIFECYCLE.transitions.moderation,
      published: [...(ENTRY_LIFECYCLE.transitions.moderation.published ?? []), 'archived'],
      archived: ['published', 'deleted'],
    },
  },
  authorReadOnly: ['published', 'archived'],
});
