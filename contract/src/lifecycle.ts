// The entry lifecycle, in one place: the states, who may move an entry from which state to which,
// which states check the whole schema and which the author can no longer change. The server's checks,
// the moderation screen's state actions and the author editor's read-only rule all ask it; nothing
// else spells a transition. Plain (no TypeBox), so the web app's first load can carry it.

/** Every state of an entry, in the order screens list them; `deleted` is the soft delete. */
export const ENTRY_STATES = ['draft', 'proposed', 'rejected', 'published', 'deleted'] as const;
export type EntryState = (typeof ENTRY_STATES)[number];

/** Who moves entries between states: the entry's author, or moderation (mod and admin alike). */
export type LifecycleActor = 'author' | 'moderation';

/** A lifecycle: a state set and its rules. `S` is a parameter so a test can define one with more states. */
export type Lifecycle<S extends string = EntryState> = {
  /** Every state, in display order. */
  readonly states: readonly S[];
  /** The state a new entry starts in. */
  readonly initial: S;
  /** The soft-deleted state: hidden from the author, purged after the retention period. */
  readonly deleted: S;
  /**
   * Per actor and state, the states the actor may move an entry to. A save that keeps the state is no
   * transition and is not listed; a state an actor has no entry for allows that actor nothing.
   */
  readonly transitions: Readonly<Record<LifecycleActor, Readonly<Partial<Record<S, readonly S[]>>>>>;
  /** States whose entries must pass the whole schema (required fields too); the rest check types only. */
  readonly strict: readonly S[];
  /** States the author may no longer edit, propose or delete (409 ENTRY_READ_ONLY). */
  readonly authorReadOnly: readonly S[];
  /** States whose entries readers see through the public outputs; every other state stays hidden. */
  readonly public: readonly S[];
};

/** Checks a lifecycle names only its own states, and answers it; throws on a state it does not list. */
export function defineLifecycle<S extends string>(lifecycle: Lifecycle<S>): Lifecycle<S> {
  const known = new Set<string>(lifecycle.states);
  const named: string[] = [
    lifecycle.initial,
    lifecycle.deleted,
    ...lifecycle.strict,
    ...lifecycle.authorReadOnly,
    ...lifecycle.public,
    ...Object.values(lifecycle.transitions).flatMap((table) =>
      Object.entries(table).flatMap(([from, to]) => [from, ...((to as readonly string[] | undefined) ?? [])]),
    ),
  ];
  const unknown = [...new Set(named.filter((state) => !known.has(state)))];
  if (unknown.length > 0)
    throw new Error(`the lifecycle names states it does not list: ${unknown.join(', ')}`);
  return lifecycle;
}

const LIVE: readonly EntryState[] = ['draft', 'proposed', 'rejected', 'published'];
/** Moderation moves a live entry to any other live state, or deletes it. */
const moderationFrom = (from: EntryState): readonly EntryState[] => [
  ...LIVE.filter((to) => to !== from),
  'deleted',
];

/** DESIGN.md's state table. */
export const ENTRY_LIFECYCLE: Lifecycle<EntryState> = defineLifecycle<EntryState>({
  states: ENTRY_STATES,
  initial: 'draft',
  deleted: 'deleted',
  transitions: {
    author: {
      draft: ['proposed', 'deleted'],
      proposed: ['deleted'],
      rejected: ['proposed', 'deleted'],
    },
    moderation: Object.fromEntries(LIVE.map((from) => [from, moderationFrom(from)])),
  },
  strict: ['proposed', 'published'],
  authorReadOnly: ['published'],
  public: ['published'],
});

/** The lifecycle actor of an account role or of the author. */
export function lifecycleActorOf(actor: 'author' | 'mod' | 'admin'): LifecycleActor {
  return actor === 'author' ? 'author' : 'moderation';
}

// Each rule takes the lifecycle last; the shipped one is the default, a test passes one of its own.
const shipped = <S extends string>() => ENTRY_LIFECYCLE as unknown as Lifecycle<S>;

/** The states an actor may move an entry to from `from`, in the lifecycle's display order. */
export function transitionsFrom<S extends string = EntryState>(
  actor: LifecycleActor,
  from: S,
  lifecycle: Lifecycle<S> = shipped<S>(),
): S[] {
  const allowed = new Set<S>(lifecycle.transitions[actor][from] ?? []);
  return lifecycle.states.filter((state) => allowed.has(state));
}

/** Whether an actor may move an entry from one state to another. */
export function canTransition<S extends string = EntryState>(
  actor: LifecycleActor,
  from: S,
  to: S,
  lifecycle: Lifecycle<S> = shipped<S>(),
): boolean {
  return (lifecycle.transitions[actor][from] ?? []).includes(to);
}

/** How strictly an entry in this state is validated: the whole schema, or types only. */
export function validationModeOf<S extends string = EntryState>(
  state: S,
  lifecycle: Lifecycle<S> = shipped<S>(),
): 'strict' | 'draft' {
  return lifecycle.strict.includes(state) ? 'strict' : 'draft';
}

/** Whether the author can no longer change an entry in this state. */
export function isReadOnlyForAuthor<S extends string = EntryState>(
  state: S,
  lifecycle: Lifecycle<S> = shipped<S>(),
): boolean {
  return lifecycle.authorReadOnly.includes(state);
}

/** Whether an entry in this state is soft-deleted. */
export function isDeletedState<S extends string = EntryState>(
  state: S,
  lifecycle: Lifecycle<S> = shipped<S>(),
): boolean {
  return state === lifecycle.deleted;
}

/** Whether readers see an entry in this state (the public API, and files to anyone). */
export function isPublicState<S extends string = EntryState>(
  state: S,
  lifecycle: Lifecycle<S> = shipped<S>(),
): boolean {
  return lifecycle.public.includes(state);
}
