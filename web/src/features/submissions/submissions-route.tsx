import { useMemo, useState } from 'react';
import { Anchor, Button, Checkbox, Group, NativeSelect, Table, Text } from '@mantine/core';
import { ASSIGNEE_NONE, ENTRY_STATES, type EntryState } from '@einwurf/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { StackedTable } from '../../components/stacked-table';
import { paths } from '../../lib/paths';
import { DateTimeText } from '../../components/date-time-text';
import { EntryStateBadge } from '../../components/entry/entry-state-badge';
import { ListPagination, useListParams } from '../../components/list-pagination';
import { Page } from '../../components/page';
import { QueryStates } from '../../components/query-states';
import { useAdminContentTypes, useTypeTitle } from '../../lib/admin-content-types';
import { useAuth } from '../../lib/auth-store';
import { useStaff } from '../../components/assignment/api/get-staff';
import { BulkBar } from '../../components/assignment/bulk-bar';
import '../../components/assignment/strings';
import { useSelection } from '../../components/assignment/use-selection';
import { useSubmissions } from './api/get-submissions';
import { ExportDialog } from './components/export-dialog';
import './strings';

const ALL = '';
/** The assignee filter's value for the own entries: the URL keeps `mine`, the API gets the name. */
const MINE = 'mine';

const isEntryState = (value: string): value is EntryState =>
  (ENTRY_STATES as readonly string[]).includes(value);

/**
 * All entries, filterable by type, state and assignee, newest change first, paginated; the URL keeps
 * the view. Picked entries are published, rejected, deleted or assigned in one step.
 */
export function SubmissionsPage() {
  const { t } = useTranslation();
  const { params, page, refilter } = useListParams();
  const type = params.get('type') || null;
  const state = params.get('state') || null;
  const assigneeParam = params.get('assignee') || null;
  const me = useAuth().username ?? null;
  const assignee = assigneeParam === MINE ? me : assigneeParam;
  const submissions = useSubmissions({ page, type, state, assignee });
  const staff = useStaff();
  const contentTypes = useAdminContentTypes();
  const typeTitle = useTypeTitle();
  // Export hands over every author's data at once, so it is the admins' (as the server enforces).
  const canExport = useAuth().role === 'admin';
  const entriesShown = submissions.data?.data;
  const [exporting, setExporting] = useState(false);

  const pagination = submissions.data?.meta.pagination;
  const entries = useMemo(() => entriesShown ?? [], [entriesShown]);
  const ids = useMemo(() => entries.map((entry) => entry.id), [entries]);
  const selection = useSelection(ids);
  const picked = entries
    .filter((entry) => selection.isSelected(entry.id))
    .map((entry) => ({ id: entry.id, title: entry.title }));

  return (
    <Page title={t('submissions.title')} size="lg">
      <Group align="flex-end" gap="md">
        <NativeSelect
          label={t('submissions.filterType')}
          value={type ?? ALL}
          onChange={(event) => refilter({ type: event.currentTarget.value })}
          data={[
            { value: ALL, label: t('submissions.allTypes') },
            ...(contentTypes.data ?? []).map((item) => ({ value: item.name, label: typeTitle(item.name) })),
            // A type in the URL that the list does not (yet) know still shows as chosen.
            ...(type && !contentTypes.data?.some((item) => item.name === type)
              ? [{ value: type, label: type }]
              : []),
          ]}
        />
        <NativeSelect
          label={t('submissions.filterState')}
          value={state ?? ALL}
          onChange={(event) => refilter({ state: event.currentTarget.value })}
          data={[
            { value: ALL, label: t('submissions.allStates') },
            ...ENTRY_STATES.map((value) => ({ value, label: t(`admin.state.${value}`) })),
          ]}
        />
        <NativeSelect
          label={t('assignment.filter.label')}
          value={assigneeParam ?? ALL}
          onChange={(event) => refilter({ assignee: event.currentTarget.value })}
          data={[
            { value: ALL, label: t('assignment.filter.all') },
            ...(me ? [{ value: MINE, label: t('assignment.filter.mine') }] : []),
            { value: ASSIGNEE_NONE, label: t('assignment.filter.none') },
            ...(staff.data ?? [])
              .filter((member) => member.username !== me)
              .map((member) => ({ value: member.username, label: member.username })),
            ...(assigneeParam &&
            ![MINE, ASSIGNEE_NONE].includes(assigneeParam) &&
            !staff.data?.some((member) => member.username === assigneeParam)
              ? [{ value: assigneeParam, label: assigneeParam }]
              : []),
          ]}
        />
        {canExport && (
          <Button variant="default" onClick={() => setExporting(true)}>
            {t('submissions.export.open')}
          </Button>
        )}
      </Group>
      {canExport && (
        <ExportDialog
          opened={exporting}
          onClose={() => setExporting(false)}
          type={type}
          state={state}
          typeLabel={type ? typeTitle(type) : null}
          stateLabel={state && isEntryState(state) ? t(`admin.state.${state}`) : state}
        />
      )}
      <QueryStates
        query={submissions}
        failed={t('submissions.loadFailed')}
        failedTitle={t('submissions.loadFailedTitle')}
      >
        {() => (
          <>
            <Text role="status">
              {t('submissions.count', { count: pagination?.total_entries ?? entries.length })}
            </Text>
            <BulkBar picked={picked} onDone={selection.clear} />
            {entries.length > 0 && (
              <StackedTable minWidth={600} striped highlightOnHover>
                <Table.Caption>{t('submissions.caption')}</Table.Caption>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col" w={40}>
                      <Checkbox
                        aria-label={t('assignment.bulk.selectAll')}
                        checked={selection.all}
                        indeterminate={selection.some}
                        onChange={(event) => selection.toggleAll(event.currentTarget.checked)}
                      />
                    </Table.Th>
                    <Table.Th scope="col">{t('submissions.columnTitle')}</Table.Th>
                    <Table.Th scope="col">{t('submissions.columnType')}</Table.Th>
                    <Table.Th scope="col">{t('submissions.columnState')}</Table.Th>
                    <Table.Th scope="col">{t('assignment.assignee')}</Table.Th>
                    <Table.Th scope="col">{t('submissions.columnUpdated')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {entries.map((entry) => (
                    <Table.Tr key={entry.id}>
                      <Table.Td>
                        <Checkbox
                          aria-label={t('assignment.bulk.select', {
                            title: entry.title || t('admin.untitled'),
                          })}
                          checked={selection.isSelected(entry.id)}
                          onChange={(event) => selection.toggle(entry.id, event.currentTarget.checked)}
                        />
                      </Table.Td>
                      <Table.Td data-label={t('submissions.columnTitle')}>
                        <Anchor component={Link} to={paths.moderateCPT({ cpt: entry.type, id: entry.id })}>
                          {entry.title || t('admin.untitled')}
                        </Anchor>
                      </Table.Td>
                      <Table.Td data-label={t('submissions.columnType')}>{typeTitle(entry.type)}</Table.Td>
                      <Table.Td data-label={t('submissions.columnState')}>
                        <EntryStateBadge state={entry.state} publishAt={entry.publish_at} />
                      </Table.Td>
                      <Table.Td data-label={t('assignment.assignee')}>
                        {entry.assignee ?? t('assignment.nobody')}
                      </Table.Td>
                      <Table.Td data-label={t('submissions.columnUpdated')}>
                        <DateTimeText value={entry.updated_at} />
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </StackedTable>
            )}
            {pagination && <ListPagination pagination={pagination} />}
          </>
        )}
      </QueryStates>
    </Page>
  );
}

export const Component = SubmissionsPage;
