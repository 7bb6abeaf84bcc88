import { describe, expect, expectTypeOf, it } from 'vitest';
import type { Static } from 'typebox';
import { EntryStateSchema } from './entries.ts';
import { ARCHIVE_LIFECYCLE } from './lifecycle.fixture.ts';
import {
  canTransition,
  defineLifecycle,
  ENTRY_LIFECYCLE,
  ENTRY_STATES,
  isPublicState,
  isReadOnlyForAuthor,
  transitionsFrom,
  validationModeOf,
  type EntryState,
} from './lifecycle.ts';

describe('the entry lifecycle', () => {
  it('is the one list of states the schema allows', () => {
    expectTypeOf<Static<typeof EntryStateSchema>>().toEqualTypeOf<EntryState>();
    expect(ENTRY_LIFECYCLE.states).toEqual(ENTRY_STATES);
    expect(EntryStateSchema.enum).toEqual([...ENTRY_STATES]);
  });

  it("lists each actor's targets in display order", () => {
    expect(transitionsFrom('author', 'draft')).toEqual(['proposed', 'deleted']);
    expect(transitionsFrom('author', 'published')).toEqual([]);
    expect(transitionsFrom('moderation', 'proposed')).toEqual(['draft', 'rejected', 'published', 'deleted']);
    expect(transitionsFrom('moderation', 'deleted')).toEqual([]);
  });

  it('checks the whole schema of proposed and published entries and keeps published ones from the author', () => {
    expect(ENTRY_STATES.filter((state) => validationModeOf(state) === 'strict')).toEqual([
      'proposed',
      'published',
    ]);
    expect(ENTRY_STATES.filter((state) => isReadOnlyForAuthor(state))).toEqual(['published']);
  });

  it('shows readers published entries only', () => {
    expect(ENTRY_STATES.filter((state) => isPublicState(state))).toEqual(['published']);
  });

  it('takes a lifecycle with a state of its own', () => {
    const withArchive = ARCHIVE_LIFECYCLE;
    expect(canTransition('moderation', 'published', 'archived', withArchive)).toBe(true);
    expect(canTransition('author', 'archived', 'proposed', withArchive)).toBe(false);
    expect(transitionsFrom('moderation', 'archived', withArchive)).toEqual(['published', 'deleted']);
    expect(isReadOnlyForAuthor('archived', withArchive)).toBe(true);
    expect(isPublicState('archived', withArchive)).toBe(false);
  });

  it('refuses a lifecycle that names a state it does not list', () => {
    expect(() =>
      defineLifecycle({
        ...ENTRY_LIFECYCLE,
        transitions: { author: { draft: ['gone' as EntryState] }, moderation: {} },
      }),
    ).toThrow(/gone/);
  });
});
