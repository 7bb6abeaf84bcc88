import {
  canTransition,
  ENTRY_LIFECYCLE,
  isReadOnlyForAuthor,
  lifecycleActorOf,
  transitionsFrom,
  type EntryActor,
  type EntryState,
  type Lifecycle,
} from '@einwurf/contract';
import { AppError } from '../../errors.ts';

// The server's side of the lifecycle in contract/: its rules, answered as the API's errors. Each takes
// the lifecycle last, so a test can check the server against a lifecycle of its own.

const shipped = <S extends string>() => ENTRY_LIFECYCLE as unknown as Lifecycle<S>;

/** Throws 409 INVALID_TRANSITION, naming both states, unless the lifecycle lets the actor make the change. */
export function assertTransition<S extends string = EntryState>(
  actor: EntryActor,
  from: S,
  to: S,
  lifecycle: Lifecycle<S> = shipped<S>(),
): void {
  if (!canTransition(lifecycleActorOf(actor), from, to, lifecycle)) {
    throw new AppError('INVALID_TRANSITION', `an entry cannot go from ${from} to ${to} (${actor})`);
  }
}

/** Throws 409 ENTRY_READ_ONLY when an entry's state no longer lets its author change it or its files. */
export function assertAuthorMayChange<S extends string = EntryState>(
  state: S,
  what = 'can no longer be changed',
  lifecycle: Lifecycle<S> = shipped<S>(),
): void {
  if (isReadOnlyForAuthor(state, lifecycle)) {
    throw new AppError('ENTRY_READ_ONLY', `the entry is ${state} and ${what}`);
  }
}

/**
 * The states an author's transition hands an entry to moderation in (every author move but the
 * delete): the queue the dashboard and the health page count.
 */
export function proposalStates<S extends string = EntryState>(lifecycle: Lifecycle<S> = shipped<S>()): S[] {
  const handedOver = new Set(lifecycle.states.flatMap((from) => transitionsFrom('author', from, lifecycle)));
  handedOver.delete(lifecycle.deleted);
  return lifecycle.states.filter((state) => handedOver.has(state));
}
