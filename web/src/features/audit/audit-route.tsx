import { useState, type FormEvent } from 'react';
import { Anchor, Button, Group, NativeSelect, Table, Text, TextInput } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { StackedTable } from '../../components/stacked-table';
import { DateTimeText } from '../../components/date-time-text';
import { ListPagination, useListParams } from '../../components/list-pagination';
import { Page } from '../../components/page';
import { QueryStates } from '../../components/query-states';
import { AUDIT_KINDS, type AuditKind, type AuditRecord } from '../../lib/contract';
import { useFormatPointInTime } from '../../lib/time-zone';
import { paths } from '../../lib/paths';
import { auditCsvUrl, useAudit } from './api/get-audit';
import './strings';

const ALL = '';

const isAuditKind = (value: string | null): value is AuditKind =>
  value !== null && (AUDIT_KINDS as readonly string[]).includes(value);

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const dateOrNull = (value: string | null) => (value !== null && DATE.test(value) ? value : null);

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/** Who did it, in words: the account's name, the system, or the name a failed login tried. */
function actorText(record: AuditRecord, t: TFunction): string {
  const { actor } = record;
  if (actor.type === 'system') return t('audit.system');
  if (actor.type === 'anonymous') {
    return actor.username === null ? t('audit.unknownPerson') : t('audit.tried', { name: actor.username });
  }
  return actor.username ?? actor.id ?? t('audit.unknownPerson');
}

/** What a record concerns, linked to the entry's moderation page or the accounts and webhooks screens. */
function TargetCell({ record }: { record: AuditRecord }) {
  const { t } = useTranslation();
  const { target, details } = record;
  if (target === null) return null;
  const type = text(details['type']);
  if (target.type === 'entry') {
    const label = t('audit.target.entry', { id: target.id });
    // A purged entry is gone, and without its type there is no page to link.
    return type && record.kind !== 'entry.purged' ? (
      <Anchor component={Link} to={paths.moderateCPT({ cpt: type, id: target.id })}>
        {label}
      </Anchor>
    ) : (
      <Text span>{label}</Text>
    );
  }
  if (target.type === 'user') {
    const name = text(details['username']) ?? record.actor.username ?? target.id;
    return (
      <Anchor component={Link} to={paths.adminUsers()}>
        {t('audit.target.user', { name })}
      </Anchor>
    );
  }
  if (target.type === 'webhook') {
    return (
      <Anchor component={Link} to={paths.adminWebhooks()}>
        {t('audit.target.webhook', { id: target.id })}
      </Anchor>
    );
  }
  return <Text span>{t('audit.target.setting', { id: target.id })}</Text>;
}

/** A record's details in words: moves between states or roles, changed fields, an export's kind. */
function detailsText(record: AuditRecord, t: TFunction, formatTime: (iso: string) => string): string {
  const { details } = record;
  const parts: string[] = [];
  const from = text(details['from']);
  const to = text(details['to']);
  if (from !== null && to !== null) {
    const label = (value: string) =>
      record.kind === 'user.role_changed'
        ? t(`admin.role.${value}`, value)
        : t(`admin.state.${value}`, value);
    parts.push(t('audit.detail.move', { from: label(from), to: label(to) }));
  }
  const publishAt = text(details['publish_at']);
  if (publishAt !== null) parts.push(t('audit.detail.publishAt', { time: formatTime(publishAt) }));
  if (Array.isArray(details['fields'])) {
    parts.push(t('audit.detail.fields', { fields: details['fields'].join(', ') }));
  }
  const dataset = text(details['dataset']);
  if (dataset !== null) {
    parts.push(
      t('audit.detail.export', {
        dataset: t(`audit.detail.dataset.${dataset}`, dataset),
        format: (text(details['format']) ?? '').toUpperCase(),
      }),
    );
    const filters = details['filters'];
    if (filters && typeof filters === 'object' && Object.keys(filters).length > 0) {
      parts.push(
        Object.entries(filters)
          .map(([key, value]) => `${key}: ${String(value)}`)
          .join(', '),
      );
    }
    if (typeof details['count'] === 'number') {
      parts.push(t('audit.detail.exportCount', { count: details['count'] }));
    }
  }
  if (details['own'] === true) parts.push(t('audit.detail.own'));
  const url = text(details['url']);
  if (url !== null) parts.push(url);
  if (record.client_address !== null) {
    parts.push(t('audit.fromAddress', { address: record.client_address }));
  }
  return parts.join(' · ');
}

/** The audit log (admins only): newest first, filtered by kind, person and days, paged; a CSV of the view. */
export function AuditPage() {
  const { t } = useTranslation();
  const formatTime = useFormatPointInTime();
  const { params, page, refilter } = useListParams();
  const rawKind = params.get('kind');
  const kind = isAuditKind(rawKind) ? rawKind : null;
  const actor = params.get('actor') || null;
  const from = dateOrNull(params.get('from'));
  const to = dateOrNull(params.get('to'));
  const audit = useAudit({ page, kind, actor, from, to });
  const [person, setPerson] = useState(actor ?? '');

  const applyPerson = (event: FormEvent) => {
    event.preventDefault();
    refilter({ actor: person.trim() || null });
  };

  const pagination = audit.data?.meta.pagination;
  const records = audit.data?.data ?? [];

  return (
    <Page title={t('audit.title')} size="lg">
      <Text>{t('audit.intro')}</Text>
      <Group align="flex-end" gap="md" wrap="wrap">
        <NativeSelect
          label={t('audit.filterKind')}
          value={kind ?? ALL}
          onChange={(event) => refilter({ kind: event.currentTarget.value })}
          data={[
            { value: ALL, label: t('audit.allKinds') },
            ...AUDIT_KINDS.map((value) => ({ value, label: t(`audit.kind.${value}`) })),
          ]}
        />
        <form onSubmit={applyPerson}>
          <Group align="flex-end" gap="xs">
            <TextInput
              label={t('audit.filterActor')}
              description={t('audit.filterActorHint')}
              value={person}
              onChange={(event) => setPerson(event.currentTarget.value)}
              maxLength={64}
            />
            <Button type="submit" variant="default">
              {t('audit.applyActor')}
            </Button>
          </Group>
        </form>
        {/* The browser's own date input: the forms' calendar would join the edit screen's first load. */}
        <TextInput
          type="date"
          label={t('audit.from')}
          value={from ?? ''}
          max={to ?? undefined}
          onChange={(event) => refilter({ from: dateOrNull(event.currentTarget.value) })}
          w={170}
        />
        <TextInput
          type="date"
          label={t('audit.to')}
          value={to ?? ''}
          min={from ?? undefined}
          onChange={(event) => refilter({ to: dateOrNull(event.currentTarget.value) })}
          w={170}
        />
        <Anchor href={auditCsvUrl({ kind, actor, from, to })} download>
          {t('audit.download')}
        </Anchor>
      </Group>
      <QueryStates query={audit} failed={t('audit.loadFailed')} failedTitle={t('audit.loadFailedTitle')}>
        {() => (
          <>
            <Text role="status">
              {t('audit.count', { count: pagination?.total_entries ?? records.length })}
            </Text>
            {records.length > 0 && (
              <StackedTable minWidth={760} striped>
                <Table.Caption>{t('audit.caption')}</Table.Caption>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">{t('audit.columnTime')}</Table.Th>
                    <Table.Th scope="col">{t('audit.columnKind')}</Table.Th>
                    <Table.Th scope="col">{t('audit.columnActor')}</Table.Th>
                    <Table.Th scope="col">{t('audit.columnTarget')}</Table.Th>
                    <Table.Th scope="col">{t('audit.columnDetails')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {records.map((record) => (
                    <Table.Tr key={record.id}>
                      <Table.Td data-label={t('audit.columnTime')} style={{ whiteSpace: 'nowrap' }}>
                        <DateTimeText value={record.at} />
                      </Table.Td>
                      <Table.Td data-label={t('audit.columnKind')}>
                        {t(`audit.kind.${record.kind}`, record.kind)}
                      </Table.Td>
                      <Table.Td data-label={t('audit.columnActor')} style={{ wordBreak: 'break-word' }}>
                        {actorText(record, t)}
                      </Table.Td>
                      <Table.Td data-label={t('audit.columnTarget')} style={{ wordBreak: 'break-all' }}>
                        <TargetCell record={record} />
                      </Table.Td>
                      <Table.Td data-label={t('audit.columnDetails')} style={{ wordBreak: 'break-word' }}>
                        {detailsText(record, t, formatTime)}
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

export const Component = AuditPage;
