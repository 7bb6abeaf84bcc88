import { Group, Pagination as PageNumbers, Text } from '@mantine/core';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { type NavigateOptions, useSearchParams } from 'react-router';
import type { Pagination } from '../lib/contract';

/** The page a list's URL asks for (`?page=`): a whole number from 1, else the first page. */
function pageParamOf(searchParams: URLSearchParams): number {
  const page = Number(searchParams.get('page'));
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/**
 * A paged list's URL: its parameters, the page asked for, and `refilter`, which sets the filters
 * given (an empty value removes one) and goes back to the first page, as other filters show other rows.
 */
export function useListParams() {
  const [params, setParams] = useSearchParams();
  const refilter = useCallback(
    (changes: Record<string, string | null>, options?: NavigateOptions) => {
      const next = new URLSearchParams(params);
      for (const [key, value] of Object.entries(changes)) {
        if (value) next.set(key, value);
        else next.delete(key);
      }
      next.delete('page');
      setParams(next, options);
    },
    [params, setParams],
  );
  return { params, page: pageParamOf(params), refilter };
}

/**
 * A list's page numbers with first, previous, next and last, each control named for screen readers.
 * The page lives in the URL (`?page=`, none for the first page) beside the list's other parameters.
 */
export function ListPagination({ pagination }: { pagination: Pagination }) {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const { current_page: page, last_page: totalPages } = pagination;
  if (totalPages <= 1) return null;
  const controlLabels = {
    first: t('admin.pagination.first'),
    previous: t('admin.pagination.previous'),
    next: t('admin.pagination.next'),
    last: t('admin.pagination.last'),
  } as const;
  const goTo = (next: number) => {
    const params = new URLSearchParams(searchParams);
    if (next === 1) params.delete('page');
    else params.set('page', String(next));
    setSearchParams(params);
  };
  return (
    <nav aria-label={t('admin.pagination.label')}>
      <Group gap="sm">
        <PageNumbers
          total={totalPages}
          value={page}
          onChange={goTo}
          withEdges
          getItemProps={(item) => ({
            'aria-label': t('admin.pagination.page', { page: item }),
            'aria-current': item === page ? 'page' : undefined,
          })}
          getControlProps={(control) => ({ 'aria-label': controlLabels[control] })}
        />
        <Text size="sm" c="dimmed">
          {t('admin.pagination.status', { page, total: totalPages })}
        </Text>
      </Group>
    </nav>
  );
}
