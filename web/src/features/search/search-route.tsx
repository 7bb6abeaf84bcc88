import { useEffect, useMemo, useState } from 'react';
import { Anchor, Card, Checkbox, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../lib/paths';
import { BulkBar } from '../../components/assignment/bulk-bar';
import { useSelection } from '../../components/assignment/use-selection';
import { DateTimeText } from '../../components/date-time-text';
import { EntryStateBadge } from '../../components/entry/entry-state-badge';
import { ListPagination, useListParams } from '../../components/list-pagination';
import { Page } from '../../components/page';
import { QueryStates } from '../../components/query-states';
import { useTypeTitle } from '../../lib/admin-content-types';
import { SEARCH_MIN } from '../../lib/contract';
import { isSearchable, useSearchResults } from './api/get-search-results';
import { SnippetText } from './components/snippet-text';
import './strings';

const DEBOUNCE_MS = 300;

/** Full-text search over all entries: at least 4 characters, hits with a marked snippet, paginated. */
export function SearchPage() {
  const { t } = useTranslation();
  const { params, page, refilter } = useListParams();
  const urlQuery = params.get('q') ?? '';
  const [text, setText] = useState(urlQuery);
  const [debounced] = useDebouncedValue(text, DEBOUNCE_MS);
  const typeTitle = useTypeTitle();

  // The typed text reaches the URL once typing pauses; a new query starts at its first page.
  useEffect(() => {
    if (debounced === urlQuery) return;
    refilter({ q: debounced }, { replace: true });
  }, [debounced, urlQuery, refilter]);

  const searchable = isSearchable(urlQuery);
  const results = useSearchResults({ query: urlQuery, page });
  const tooShort = text.trim().length > 0 && !isSearchable(text);
  const pagination = results.data?.meta.pagination;
  const hitsShown = results.data?.data;
  const hits = useMemo(() => hitsShown ?? [], [hitsShown]);
  const ids = useMemo(() => hits.map((hit) => hit.id), [hits]);
  // Several results can be published, rejected, deleted or assigned at once, as on the submissions list.
  const selection = useSelection(ids);
  const picked = hits
    .filter((hit) => selection.isSelected(hit.id))
    .map((hit) => ({ id: hit.id, title: hit.title }));

  return (
    <Page title={t('search.title')}>
      <form role="search" onSubmit={(event) => event.preventDefault()}>
        <TextInput
          type="search"
          label={t('search.label')}
          description={t('search.minLength', { min: SEARCH_MIN })}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
        />
      </form>
      <div aria-live="polite">
        {tooShort ? (
          <Text>{t('search.tooShort', { min: SEARCH_MIN })}</Text>
        ) : !searchable ? null : (
          <QueryStates query={results} failed={t('search.failed')} failedTitle={t('search.failedTitle')}>
            {() => (
              <Text>
                {pagination?.total_capped
                  ? t('search.countCapped', { count: pagination.total_entries })
                  : t('search.count', { count: pagination?.total_entries ?? hits.length })}
              </Text>
            )}
          </QueryStates>
        )}
      </div>
      {searchable && !tooShort && hits.length > 0 && (
        <Group gap="md">
          <Checkbox
            label={t('assignment.bulk.selectAll')}
            checked={selection.all}
            indeterminate={selection.some}
            onChange={(event) => selection.toggleAll(event.currentTarget.checked)}
          />
        </Group>
      )}
      {searchable && !tooShort && <BulkBar picked={picked} onDone={selection.clear} />}
      {searchable && !tooShort && hits.length > 0 && (
        <Stack
          component="ol"
          gap="sm"
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
          aria-label={t('search.results')}
        >
          {hits.map((hit) => (
            <Card key={hit.id} withBorder component="li" padding="md">
              <Stack gap={6}>
                <Checkbox
                  aria-label={t('assignment.bulk.select', { title: hit.title || t('admin.untitled') })}
                  checked={selection.isSelected(hit.id)}
                  onChange={(event) => selection.toggle(hit.id, event.currentTarget.checked)}
                />
                <Title order={2} size="h4">
                  <Anchor component={Link} to={paths.moderateCPT({ cpt: hit.type, id: hit.id })}>
                    {hit.title || t('admin.untitled')}
                  </Anchor>
                </Title>
                <Group gap="sm">
                  <Text size="sm">{typeTitle(hit.type)}</Text>
                  <EntryStateBadge state={hit.state} publishAt={hit.publish_at} />
                  <Text size="sm" c="dimmed">
                    <DateTimeText value={hit.updated_at} />
                  </Text>
                </Group>
                {hit.snippet && hit.snippet.length > 0 && <SnippetText parts={hit.snippet} />}
              </Stack>
            </Card>
          ))}
        </Stack>
      )}
      {searchable && !tooShort && pagination && <ListPagination pagination={pagination} />}
    </Page>
  );
}

export const Component = SearchPage;
