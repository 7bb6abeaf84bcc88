import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  ENTRY_LIFECYCLE,
  ENTRY_STATES,
  isDeletedState,
  isPublicState,
  isReadOnlyForAuthor,
  transitionsFrom,
  type CommentOrigin,
  type EntryActor,
  type EntryState,
  type LifecycleActor,
} from '@einwurf/contract';
import type { Database, NewCommentRow, NewEntryEventRow, NewEntryRow } from '../../db/types.ts';
import type { ContentTypes } from '../content-types/service.ts';
import { proposalStates } from '../entries/lifecycle.ts';
import { newEntryId } from '../entries/service.ts';
import { searchDocumentOf, splitFullTitleRanges } from '../search/service.ts';
import { hashPassword } from '../users/passwords.ts';
import * as repo from './repository.ts';
import { ENGLISH_WORDS, GERMAN_WORDS, RARE_WORDS } from './words.ts';

const DAY_MS = 24 * 3600_000;
const RARE_SHARE = 0.001;

const INITIAL = ENTRY_LIFECYCLE.initial;

/**
 * The share of each state among seeded entries, by the state's part in the lifecycle: half of them
 * finished (read-only for their author), a fifth never left the first state, a twentieth deleted, the
 * rest shared by the states between.
 */
const STATE_WEIGHTS: [EntryState, number][] = (() => {
  const finished = ENTRY_STATES.filter((state) => isReadOnlyForAuthor(state));
  const between = ENTRY_STATES.filter(
    (state) => state !== INITIAL && !isDeletedState(state) && !isReadOnlyForAuthor(state),
  );
  const weightOf = (state: EntryState) => {
    if (state === INITIAL) return 0.2;
    if (isDeletedState(state)) return 0.05;
    return isReadOnlyForAuthor(state) ? 0.5 / finished.length : 0.25 / between.length;
  };
  return ENTRY_STATES.map((state) => [state, weightOf(state)]);
})();
const HEAVIEST = STATE_WEIGHTS.reduce((a, b) => (b[1] > a[1] ? b : a))[0];

type Step = { actor: LifecycleActor; from: EntryState; to: EntryState };

/** The fewest steps one actor needs from one state to another, or undefined when it cannot get there. */
function shortestPath(actor: LifecycleActor, from: EntryState, to: EntryState): Step[] | undefined {
  const paths = new Map<EntryState, Step[]>([[from, []]]);
  for (const [state, path] of paths) {
    if (state === to) return path;
    for (const next of transitionsFrom(actor, state)) {
      if (!paths.has(next)) paths.set(next, [...path, { actor, from: state, to: next }]);
    }
  }
  return undefined;
}

/**
 * An entry's way to a state as most entries go it: the author alone where they can; otherwise the
 * author proposes it and moderation takes it on from there.
 */
function pathTo(state: EntryState): Step[] {
  const byAuthor = shortestPath('author', INITIAL, state);
  if (byAuthor) return byAuthor;
  for (const proposed of proposalStates()) {
    const toProposal = shortestPath('author', INITIAL, proposed);
    const onward = toProposal && shortestPath('moderation', proposed, state);
    if (onward) return [...toProposal, ...onward];
  }
  return shortestPath('moderation', INITIAL, state) ?? [];
}

const PATHS = new Map(ENTRY_STATES.map((state) => [state, pathTo(state)]));

export type SeedReport = {
  entries: number;
  events: number;
  comments: number;
  seconds: number;
  rowsPerSecond: number;
};

const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)] as T;
const between = (min: number, max: number) => min + Math.floor(Math.random() * (max - min + 1));
const capitalize = (w: string) => w.charAt(0).toUpperCase() + w.slice(1);

function pickState(): EntryState {
  let r = Math.random();
  for (const [state, weight] of STATE_WEIGHTS) {
    if (r < weight) return state;
    r -= weight;
  }
  return HEAVIEST;
}

function words(list: readonly string[], count: number): string[] {
  return Array.from({ length: count }, () => pick(list));
}

function sentence(list: readonly string[]): string {
  const w = words(list, between(6, 14));
  return `${capitalize(w.join(' '))}.`;
}

function markdown(list: readonly string[]): string {
  const paragraphs = Array.from({ length: between(2, 4) }, () =>
    Array.from({ length: between(2, 4) }, () => sentence(list)).join(' '),
  );
  if (Math.random() < RARE_SHARE * 3) paragraphs.push(`${pick(RARE_WORDS)} ${sentence(list)}`);
  const heading = `## ${capitalize(words(list, between(2, 4)).join(' '))}`;
  const bullets = words(list, 3).map((w) => `- **${capitalize(w)}** ${pick(list)}`);
  return [paragraphs[0], heading, ...paragraphs.slice(1), bullets.join('\n')].join('\n\n');
}

function isoDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** Fields of the shipped types, valid against their schemas; other types get title and content only. */
function fieldsFor(type: string, list: readonly string[], now: number): Record<string, unknown> {
  if (type === 'article') {
    return {
      lead: sentence(list),
      category: pick(['politics', 'culture', 'sports', 'local', 'science']),
      tags: [...new Set(words(list, 3).map((w) => w.toLowerCase()))],
      topics: [pick(['climate', 'education', 'health', 'housing', 'mobility', 'youth'])],
      word_count: between(100, 1500),
      publish_on: isoDate(now + between(0, 60) * DAY_MS),
      reviewed: Math.random() < 0.5,
    };
  }
  if (type === 'event') {
    const start = now + between(-30, 120) * DAY_MS + between(8, 20) * 3600_000;
    return {
      starts_at: new Date(start - (start % 3600_000)).toISOString(),
      doors_open: `${String(between(8, 19)).padStart(2, '0')}:30`,
      ends_on: isoDate(start + between(0, 3) * DAY_MS),
      location: `${capitalize(pick(list))} ${capitalize(pick(list))}`,
      audience: [pick(['children', 'youth', 'adults', 'seniors'])],
      free_entry: Math.random() < 0.5,
      capacity: between(10, 100),
      programme: sentence(list),
    };
  }
  return {};
}

type Generated = { entry: NewEntryRow; events: NewEntryEventRow[]; comments: NewCommentRow[] };

function generateEntry(type: string, state: EntryState, passwordHash: string, now: number): Generated {
  const list = Math.random() < 0.5 ? GERMAN_WORDS : ENGLISH_WORDS;
  const id = newEntryId();
  const created = now - between(1, 730) * DAY_MS - between(0, DAY_MS);
  const updated = Math.min(now, created + between(0, 30) * DAY_MS + between(0, DAY_MS));
  const title = capitalize(words(list, between(3, 7)).join(' '));
  const data = JSON.stringify({ content: markdown(list), ...fieldsFor(type, list, now) });
  const event = (
    kind: NewEntryEventRow['kind'],
    actor: EntryActor,
    from: EntryState | null,
    to: EntryState | null,
    at: number,
  ) => ({
    entry_id: id,
    kind,
    actor,
    user_id: null,
    from_state: from,
    to_state: to,
    created_at: at,
  });
  const step = (i: number) => created + Math.floor(((updated - created) * i) / 4);
  const events: NewEntryEventRow[] = [
    event('created', 'author', null, INITIAL, created),
    event('saved', 'author', INITIAL, INITIAL, step(1)),
  ];
  // The author's proposal comes early; moderation's decisions and deletes are the last update.
  for (const { actor, from, to } of PATHS.get(state) ?? []) {
    if (isDeletedState(to)) {
      events.push(
        event('deleted', actor === 'author' ? 'author' : pick(['mod', 'admin'] as const), from, to, updated),
      );
    } else if (actor === 'author') {
      events.push(event('proposed', 'author', from, to, step(2)));
    } else {
      events.push(event('state_changed', pick(['mod', 'admin'] as const), from, to, updated));
    }
  }
  const comments: NewCommentRow[] = [];
  if (state !== INITIAL && Math.random() < 0.3) {
    for (let i = 0; i < between(1, 2); i += 1) {
      const origin: CommentOrigin = i === 0 ? 'moderation' : 'contributor';
      const at = step(3) + i;
      comments.push({
        entry_id: id,
        origin,
        user_id: null,
        title: capitalize(pick(list)),
        content: sentence(list),
        created_at: at,
      });
      events.push(event('comment_added', origin === 'moderation' ? 'mod' : 'author', null, null, at));
    }
  }
  return {
    entry: {
      id,
      type,
      state,
      title,
      data,
      password_hash: passwordHash,
      revision: 2,
      created_at: created,
      updated_at: updated,
      deleted_at: isDeletedState(state) ? updated : null,
      published_at: isPublicState(state) ? updated : null,
    },
    events,
    comments,
  };
}

/**
 * Adds `count` realistic entries (German and English text, every shipped type, every state) with
 * their events, comments and full-text index, in batched multi-row inserts, one transaction per
 * batch. It only adds: running it again adds more. The entries share one password nobody knows.
 */
export async function seedEntries(
  db: Kysely<Database>,
  contentTypes: ContentTypes,
  options: { count: number; batchSize?: number; onProgress?: (done: number) => void },
): Promise<SeedReport> {
  const started = performance.now();
  const batchSize = options.batchSize ?? 2000;
  const types = [...contentTypes.types.keys()];
  const passwordHash = await hashPassword(randomBytes(24).toString('base64url'));
  const now = Date.now();
  const endBulkLoad = await repo.prepareBulkLoad(db, options.count);
  let events = 0;
  let comments = 0;
  try {
    for (let done = 0; done < options.count;) {
      const size = Math.min(batchSize, options.count - done);
      // The first entries cover every type in every state; the rest are drawn at random.
      const batch = Array.from({ length: size }, (_, j) => {
        const n = done + j;
        const covering = n < types.length * STATE_WEIGHTS.length;
        const type = covering ? (types[n % types.length] as string) : pick(types);
        const state = covering ? (STATE_WEIGHTS[Math.floor(n / types.length)]?.[0] ?? INITIAL) : pickState();
        return generateEntry(type, state, passwordHash, now);
      });
      const entryRows = batch.map((b) => b.entry);
      const eventRows = batch.flatMap((b) => b.events);
      const commentRows = batch.flatMap((b) => b.comments);
      await db.transaction().execute(async (trx) => {
        await repo.insertEntriesInBulk(trx, entryRows, entryRows.map(searchDocumentOf));
        await repo.insertRevisionsInBulk(trx, entryRows);
        await repo.insertEventsInBulk(trx, eventRows);
        await repo.insertCommentsInBulk(trx, commentRows);
      });
      done += size;
      events += eventRows.length;
      comments += commentRows.length;
      options.onProgress?.(done);
    }
  } finally {
    await endBulkLoad();
  }
  // The titles all counted into the buckets there were; with the title index back, the full ones are
  // split now rather than by the server's housekeeping.
  await splitFullTitleRanges(db);
  await repo.analyze(db);
  const seconds = (performance.now() - started) / 1000;
  const rows = options.count + events + comments;
  return {
    entries: options.count,
    events,
    comments,
    seconds: Number(seconds.toFixed(2)),
    rowsPerSecond: Math.round(rows / Math.max(seconds, 0.001)),
  };
}
