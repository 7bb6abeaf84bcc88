import type { Kysely } from 'kysely';
import {
  DASHBOARD_PROPOSALS_MAX,
  DASHBOARD_SCHEDULED_MAX,
  DASHBOARD_TIMELINE_SIZE,
  ENTRY_LIFECYCLE,
  type Dashboard,
} from '@einwurf/contract';
import type { Database } from '../../db/types.ts';
import { proposalStates } from '../entries/lifecycle.ts';
import * as repo from './repository.ts';
import { isoDateTime } from '../../time.ts';

/**
 * Moderation's start page: the proposals waiting longest (at most DASHBOARD_PROPOSALS_MAX, each with
 * its latest comment), the publications scheduled after `now` (soonest first, at most
 * DASHBOARD_SCHEDULED_MAX) and the latest events across all entries, newest first.
 */
export async function loadDashboard(db: Kysely<Database>, now: number = Date.now()): Promise<Dashboard> {
  const [proposals, scheduled, events] = await Promise.all([
    repo.listProposals(db, proposalStates(), DASHBOARD_PROPOSALS_MAX),
    repo.listScheduled(db, ENTRY_LIFECYCLE.public, now, DASHBOARD_SCHEDULED_MAX),
    repo.listLatestEvents(db, DASHBOARD_TIMELINE_SIZE),
  ]);
  const comments = new Map(
    (
      await repo.listLatestComments(
        db,
        proposals.map((p) => p.id),
      )
    ).map((c) => [c.entry_id, c]),
  );
  return {
    data: {
      proposals: proposals.map((p) => {
        const comment = comments.get(p.id);
        return {
          id: p.id,
          type: p.type,
          title: p.title,
          state: p.state,
          updated_at: isoDateTime(p.updated_at),
          assignee: p.assignee,
          latest_comment: comment
            ? {
                title: comment.title,
                content: comment.content,
                origin: comment.origin,
                created_at: isoDateTime(comment.created_at),
              }
            : null,
        };
      }),
      scheduled: scheduled.map((s) => ({
        id: s.id,
        type: s.type,
        title: s.title,
        publish_at: isoDateTime(s.published_at),
      })),
      timeline: events.map((e) => ({
        ...e,
        created_at: isoDateTime(e.created_at),
        publish_at: e.publish_at === null ? null : isoDateTime(e.publish_at),
      })),
    },
  };
}
