import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch, apiUrl } from '../../../lib/api-client';
import type { AuditKind, AuditList } from '../../../lib/contract';
import { auditKeys } from '../../../lib/query-keys';

/**
 * What the screen shows: a page, a kind, a person, and a range of days (YYYY-MM-DD), UTC days as the
 * times the screen shows are UTC (DESIGN, Time).
 */
export type AuditFilter = {
  page: number;
  kind: AuditKind | null;
  actor: string | null;
  from: string | null;
  to: string | null;
};

/** The query of `GET admin/audit` and `admin/audit.csv` for a filter (without the page for the CSV). */
export function auditQuery(filter: Omit<AuditFilter, 'page'> & { page?: number }): string {
  const params = new URLSearchParams();
  const filters = [
    ...(filter.kind ? [`kind:is:${filter.kind}`] : []),
    ...(filter.actor ? [`actor:is:${filter.actor}`] : []),
  ];
  if (filters.length > 0) params.set('filters', filters.join(','));
  if (filter.from) params.set('from', filter.from);
  if (filter.to) params.set('to', filter.to);
  if (filter.page !== undefined && filter.page > 1) params.set('current_page', String(filter.page));
  return params.toString();
}

/** Where the CSV of the filtered log downloads from. */
export function auditCsvUrl(filter: Omit<AuditFilter, 'page'>): string {
  const query = auditQuery(filter);
  return apiUrl(`admin/audit.csv${query ? `?${query}` : ''}`);
}

/** `GET admin/audit`: one page of the log, newest first. */
export function getAudit(filter: AuditFilter): Promise<AuditList> {
  const query = auditQuery(filter);
  return apiFetch<AuditList>(`admin/audit${query ? `?${query}` : ''}`);
}

export const auditQueryOptions = (filter: AuditFilter) =>
  queryOptions({
    queryKey: auditKeys.list(auditQuery(filter)),
    queryFn: () => getAudit(filter),
    placeholderData: keepPreviousData,
  });

export function useAudit(filter: AuditFilter) {
  return useQuery(auditQueryOptions(filter));
}
