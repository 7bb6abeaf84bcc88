import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import type { ReplyTemplate } from '../../../lib/contract';
import { replyTemplateKeys } from '../../../lib/query-keys';

/** `GET admin/reply-templates`: the templates a moderator may insert into a comment. */
export async function getReplyTemplates(): Promise<ReplyTemplate[]> {
  return (await apiFetch<{ data: ReplyTemplate[] }>('admin/reply-templates')).data;
}

export const replyTemplatesQueryOptions = queryOptions({
  queryKey: replyTemplateKeys.list(),
  queryFn: getReplyTemplates,
});

export function useReplyTemplates() {
  return useQuery(replyTemplatesQueryOptions);
}
