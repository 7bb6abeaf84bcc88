import type { ReactNode } from 'react';
import { Alert, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** What QueryStates reads of a query (TanStack Query's result has it). */
type QueryLike<T> =
  | { isError: true; isPending: boolean; data: T | undefined }
  | { isError: false; isPending: true; data: T | undefined }
  | { isError: false; isPending: false; data: T };

type QueryStatesProps<T> = {
  query: QueryLike<T>;
  /** What the alert says when the query failed, and its title if it has one. */
  failed: string;
  failedTitle?: string;
  /** The words shown instead of the children when `isEmpty` says the answer holds nothing. */
  empty?: string;
  isEmpty?: (data: T) => boolean;
  /** What the screen shows of the answer. */
  children: (data: T) => ReactNode;
};

/**
 * A query's states as the staff screens show them: an alert when it failed, "loading" while it
 * runs, the empty text when it answered nothing, else what the children make of the answer.
 */
export function QueryStates<T>({
  query,
  failed,
  failedTitle,
  empty,
  isEmpty,
  children,
}: QueryStatesProps<T>) {
  const { t } = useTranslation();
  if (query.isError) {
    return (
      <Alert color="red" variant="light" role="alert" title={failedTitle}>
        {failed}
      </Alert>
    );
  }
  if (query.isPending) return <Text c="dimmed">{t('common.loading')}</Text>;
  if (empty !== undefined && isEmpty?.(query.data)) return <Text c="dimmed">{empty}</Text>;
  return children(query.data);
}
