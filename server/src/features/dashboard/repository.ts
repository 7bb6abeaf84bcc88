import type { Kysely } from 'kysely';
import type { CommentOrigin, EntryActor, EntryEventKind, EntryState } from '@einwurf/contract';
import type { Database } from '../../db/types.ts';

type Db = Kysely<Database>;

export type ProposalRow = {
  id: string;
  type: string;
  title: string;
  state: EntryState;
  updated_at: number;
  assignee: string | null;
};
export type LatestCommentRow = {
  entry_id: string;
  title: string;
  content: string;
  origin: CommentOrigin;
  created_at: number;
};
export type ScheduledRow = { id: string; type: string; title: string; published_at: number };

export type TimelineRow = {
  entry_id: string;
  entry_title: string;
  type: string;
  kind: EntryEventKind;
  actor: EntryActor;
  from_state: EntryState | null;
  to_state: EntryState | null;
  created_at: number;
  publish_at: number | null;
  by: string | null;
  assignee: string | null;
};

/** Entries in the given states, the longest waiting (oldest update) first, with who has each. */
export async function listProposals(db: Db, states: EntryState[], limit: number): Promise<ProposalRow[]> {
  return db
    .selectFrom('entries as e')
    .leftJoin('users as u', 'u.id', 'e.assignee_id')
    .select(['e.id', 'e.type', 'e.title', 'e.state', 'e.updated_at', 'u.username as assignee'])
    .where('e.state', 'in', states)
    .orderBy('e.updated_at', 'asc')
    .orderBy('e.id')
    .limit(limit)
    .execute();
}

/** Entries in the given states whose publication time is after `now`, the soonest first. */
export async function listScheduled(
  db: Db,
  states: readonly EntryState[],
  now: number,
  limit: number,
): Promise<ScheduledRow[]> {
  const rows = await db
    .selectFrom('entries')
    .select(['id', 'type', 'title', 'published_at'])
    .where('state', 'in', states)
    .where('published_at', '>', now)
    .orderBy('published_at')
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ ...row, published_at: row.published_at ?? now }));
}

/** The newest comment of each given entry. */
export async function listLatestComments(db: Db, entryIds: string[]): Promise<LatestCommentRow[]> {
  if (entryIds.length === 0) return [];
  return db
    .selectFrom('comments as c')
    .select(['c.entry_id', 'c.title', 'c.content', 'c.origin', 'c.created_at'])
    .where('c.entry_id', 'in', entryIds)
    .where((eb) =>
      eb(
        'c.id',
        '=',
        eb
          .selectFrom('comments as n')
          .select('n.id')
          .whereRef('n.entry_id', '=', 'c.entry_id')
          .orderBy('n.created_at', 'desc')
          .orderBy('n.id', 'desc')
          .limit(1),
      ),
    )
    .execute();
}

/** The latest events across all entries, newest first, with their entry's title and type. */
export async function listLatestEvents(db: Db, limit: number): Promise<TimelineRow[]> {
  return db
    .selectFrom('entry_events as ev')
    .innerJoin('entries as e', 'e.id', 'ev.entry_id')
    .leftJoin('users as u', 'u.id', 'ev.user_id')
    .select([
      'u.username as by',
      'ev.assignee',
      'ev.entry_id',
      'e.title as entry_title',
      'e.type',
      'ev.kind',
      'ev.actor',
      'ev.from_state',
      'ev.to_state',
      'ev.created_at',
      'ev.publish_at',
    ])
    .orderBy('ev.created_at', 'desc')
    .orderBy('ev.id', 'desc')
    .limit(limit)
    .execute();
}
