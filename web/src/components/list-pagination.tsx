import { Group, Pagination, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

type ListPaginationProps = { page: number; totalPages: number; onChange: (page: number) => void };

/** Page numbers with first, previous, next and last, each control named for screen readers. */
export function ListPagination({ page, totalPages, onChange }: ListPaginationProps) {
  const { t } = useTranslation();
  if (totalPages <= 1) return null;
  const controlLabels = {
    first: t('admin.pagination.first'),
    previous: t('admin.pagination.previous'),
    next: t('admin.pagination.next'),
    last: t('admin.pagination.last'),
  } as const;
  return (
    <nav aria-label={t('admin.pagination.label')}>
      <Group gap="sm">
        <Pagination
          total={totalPages}
          value={page}
          onChange={onChange}
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
