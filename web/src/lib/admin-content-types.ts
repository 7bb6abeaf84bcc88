import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { CptList } from './contract';
import { apiFetch } from './api-client';
import { isLocale } from './i18n';
import { entryTypeKeys } from './query-keys';

/** `GET admin/config/cpts`: the entry types, for the back office's filters and labels. */
export async function getAdminContentTypes(): Promise<CptList['data']> {
  const body = await apiFetch<CptList>('admin/config/cpts');
  return body.data;
}

export const adminContentTypesQueryOptions = queryOptions({
  queryKey: entryTypeKeys.adminList(),
  queryFn: getAdminContentTypes,
  staleTime: 5 * 60_000,
});

export function useAdminContentTypes() {
  return useQuery(adminContentTypesQueryOptions);
}

/** Names a type in the current language; the bare name while the list loads or lacks it. */
export function useTypeTitle(): (type: string) => string {
  const { i18n } = useTranslation();
  const { data } = useAdminContentTypes();
  const locale = isLocale(i18n.language) ? i18n.language : 'de';
  return (type) => {
    const title = data?.find((item) => item.name === type)?.title;
    return title?.[locale] || title?.de || type;
  };
}
