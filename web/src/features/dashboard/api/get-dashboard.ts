import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CommentOrigin, EntryActor, EntryEventKind, EntryState } from '@einwurf/contract';
import { apiFetch } from '../../../lib/api-client';

export type Proposal = {
  id: string;
  type: string;
  title: string;
  state: EntryState;
  updated_at: string;
  latest_comment: { title: string; content: string; origin: CommentOrigin; created_at: string } | null;
};

export type TimelineItem = {
  entry_id: string;
  entry_title: string;
  type: string;
  kind: EntryEventKind;
  actor: EntryActor;
  from_state: EntryState | null;
  to_state: EntryState | null;
  created_at: string;
};

export type Dashboard = { proposals: Proposal[]; timeline: TimelineItem[] };

/** `GET admin/dashboard`: the proposed entries and the latest changes across all entries. */
export async function fetchDashboard(): Promise<Dashboard> {
  const body = await apiFetch<{ data: Dashboard }>('admin/dashboard');
  return body.data;
}

export const dashboardQueryOptions = queryOptions({
  queryKey: ['admin', 'dashboard'],
  queryFn: fetchDashboard,
});

export function useDashboard() {
  return useQuery(dashboardQueryOptions);
}
