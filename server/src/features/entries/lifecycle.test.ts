import { describe, expect, it } from 'vitest';
import {
  ENTRY_ACTORS,
  ENTRY_LIFECYCLE,
  lifecycleActorOf,
  transitionsFrom,
  type EntryState,
  type Lifecycle,
} from '@einwurf/contract';
import { ARCHIVE_LIFECYCLE, type Archivable } from '../../../../contract/src/lifecycle.fixture.ts';
// The moderation screen's state buttons, as the web app computes them: the test holds both sides to one lifecycle.
import { moderationStateActions } from '../../../../web/src/components/entry/state-actions.ts';
import { AppError } from '../../errors.ts';
import { assertAuthorMayChange, assertTransition, proposalStates } from './lifecycle.ts';

/** Whether the server's check lets the change through; any other failure than 409 fails the test. */
function serverAccepts<S extends string>(
  actor: (typeof ENTRY_ACTORS)[number],
  from: S,
  to: S,
  lifecycle: Lifecycle<S>,
): boolean {
  try {
    assertTransition(actor, from, to, lifecycle);
    return true;
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({
      code: 'INVALID_TRANSITION',
      statusCode: 409,
      message: `an entry cannot go from ${from} to ${to} (${actor})`,
    });
    return false;
  }
}

describe.each([
  { name: 'the shipped lifecycle', lifecycle: ENTRY_LIFECYCLE as Lifecycle<Archivable> },
  { name: 'a lifecycle with an archived state', lifecycle: ARCHIVE_LIFECYCLE },
])("the server's transition check on $name", ({ lifecycle }) => {
  it.each(ENTRY_ACTORS)('lets %s make exactly the changes the lifecycle lists, and no other', (actor) => {
    for (const from of lifecycle.states) {
      const listed = transitionsFrom(lifecycleActorOf(actor), from, lifecycle);
      const accepted = lifecycle.states.filter((to) => serverAccepts(actor, from, to, lifecycle));
      expect(accepted, `${actor} from ${from}`).toEqual(listed);
    }
  });
});

describe('the server with a lifecycle of its own', () => {
  it('answers moderation archiving and restoring, and refuses the author every change to an archived entry', () => {
    expect(serverAccepts('mod', 'published', 'archived', ARCHIVE_LIFECYCLE)).toBe(true);
    expect(serverAccepts('admin', 'archived', 'published', ARCHIVE_LIFECYCLE)).toBe(true);
    expect(serverAccepts('mod', 'draft', 'archived', ARCHIVE_LIFECYCLE)).toBe(false);
    for (const to of ARCHIVE_LIFECYCLE.states)
      expect(serverAccepts('author', 'archived', to, ARCHIVE_LIFECYCLE)).toBe(false);
    expect(() => assertAuthorMayChange('archived', undefined, ARCHIVE_LIFECYCLE)).toThrow(
      expect.objectContaining({
        code: 'ENTRY_READ_ONLY',
        message: 'the entry is archived and can no longer be changed',
      }),
    );
    expect(() => assertAuthorMayChange('rejected', undefined, ARCHIVE_LIFECYCLE)).not.toThrow();
    expect(proposalStates(ARCHIVE_LIFECYCLE)).toEqual(['proposed']);
  });

  it('refuses what the shipped lifecycle does not know, whatever the fixture allows', () => {
    expect(serverAccepts('mod', 'published', 'archived' as EntryState, ENTRY_LIFECYCLE)).toBe(false);
  });
});

describe.each([
  { name: 'the shipped lifecycle', lifecycle: ENTRY_LIFECYCLE as Lifecycle<Archivable> },
  { name: 'a lifecycle with an archived state', lifecycle: ARCHIVE_LIFECYCLE },
])('the web app and the server on $name', ({ lifecycle }) => {
  it('offer moderation a button for exactly each change the server accepts but the delete, which has its own', () => {
    for (const from of lifecycle.states) {
      const offered = moderationStateActions(from, lifecycle);
      const accepted = lifecycle.states.filter(
        (to) => to !== lifecycle.deleted && serverAccepts('mod', from, to, lifecycle),
      );
      expect([...offered].sort(), `from ${from}`).toEqual([...accepted].sort());
    }
    expect(moderationStateActions('published', ARCHIVE_LIFECYCLE)).toContain('archived');
  });
});
