import type { ReactNode } from 'react';
import { Alert, Badge, Card, Group, SimpleGrid, Stack, Switch, Text, Title } from '@mantine/core';
import { ENTRY_STATES, HEALTH_PROBLEMS, type HealthProblem } from '@einwurf/contract';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Page } from '../../components/page';
import type { HealthMetric } from '../../lib/contract';
import { formatMegabytes, formatNumber, formatPercent } from '../../lib/format-number';
import { HEALTH_REFRESH_MS, useHealthMetric } from './api/get-health-metric';
import { useSettings, useUpdateSettings } from './api/settings';
import './strings';

// An unknown problem code (a newer server) still shows, with its code.
const isKnownProblem = (code: string): code is HealthProblem =>
  (HEALTH_PROBLEMS as readonly string[]).includes(code);

function formatDuration(totalSeconds: number, t: TFunction): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  if (seconds < 60) return t('health.durationSeconds', { seconds });
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  return days > 0
    ? t('health.durationDays', { days, hours, minutes })
    : t('health.durationHours', { hours, minutes });
}

function Metric({ label, value, problem = false }: { label: string; value: ReactNode; problem?: boolean }) {
  const { t } = useTranslation();
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap">
      <Text size="sm" component="dt">
        {label}
      </Text>
      <Group gap={6} component="dd" m={0} wrap="nowrap">
        <Text fw={600}>{value}</Text>
        {problem && (
          <Badge color="red.9" variant="filled" tt="none">
            {t('health.problemBadge')}
          </Badge>
        )}
      </Group>
    </Group>
  );
}

function MetricCard({
  title,
  children,
  problem = false,
}: {
  title: string;
  children: ReactNode;
  problem?: boolean;
}) {
  return (
    <Card
      withBorder
      component="section"
      aria-label={title}
      style={problem ? { borderColor: 'var(--mantine-color-red-9)', borderWidth: 2 } : undefined}
    >
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      <Stack gap={6} component="dl" m={0}>
        {children}
      </Stack>
    </Card>
  );
}

function HealthCards({ metric }: { metric: HealthMetric['data'] }) {
  const { t, i18n } = useTranslation();
  const megabytes = (bytes: number | null) =>
    bytes === null
      ? t('health.unknown')
      : t('health.megabytes', { value: formatMegabytes(bytes, i18n.language) });
  const has = (code: string) => metric.problems.includes(code);
  const { database, storage } = metric;

  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
      <MetricCard title={t('health.server')}>
        <Metric label={t('health.version')} value={metric.version} />
        <Metric label={t('health.uptime')} value={formatDuration(metric.uptime_seconds, t)} />
        <Metric label={t('health.rss')} value={megabytes(metric.memory.rss_bytes)} />
        <Metric label={t('health.heap')} value={megabytes(metric.memory.heap_used_bytes)} />
        <Metric
          label={t('health.eventLoopDelay')}
          value={t('health.milliseconds', { value: formatNumber(metric.event_loop_delay_ms, i18n.language) })}
        />
      </MetricCard>
      <MetricCard
        title={t('health.database')}
        problem={has('database_slow') || has('database_unreachable') || !database.reachable}
      >
        <Metric label={t('health.databaseKind')} value={t(`health.databaseKinds.${database.kind}`)} />
        <Metric
          label={t('health.reachable')}
          value={database.reachable ? t('health.yes') : t('health.no')}
          problem={!database.reachable || has('database_unreachable')}
        />
        <Metric
          label={t('health.latency')}
          value={
            database.latency_ms === null
              ? t('health.unknown')
              : t('health.milliseconds', { value: formatNumber(database.latency_ms, i18n.language) })
          }
          problem={has('database_slow')}
        />
        <Metric label={t('health.databaseSize')} value={megabytes(database.size_bytes)} />
      </MetricCard>
      <MetricCard title={t('health.entries')} problem={has('proposals_waiting_long')}>
        {ENTRY_STATES.map((state) => (
          <Metric
            key={state}
            label={t(`admin.state.${state}`)}
            value={formatNumber(metric.entries_per_state[state] ?? 0, i18n.language)}
          />
        ))}
        <Metric
          label={t('health.proposalsWaiting')}
          value={formatNumber(metric.proposals_waiting, i18n.language)}
        />
        <Metric
          label={t('health.oldestProposal')}
          value={
            metric.oldest_proposal_age_seconds === null
              ? t('health.none')
              : formatDuration(metric.oldest_proposal_age_seconds, t)
          }
          problem={has('proposals_waiting_long')}
        />
      </MetricCard>
      <MetricCard title={t('health.storage')} problem={has('disk_low')}>
        <Metric label={t('health.storageUsed')} value={megabytes(storage.used_bytes)} />
        <Metric
          label={t('health.storageFree')}
          value={megabytes(storage.free_bytes)}
          problem={has('disk_low')}
        />
      </MetricCard>
      <MetricCard title={t('health.mail')} problem={metric.mail.failed > 0}>
        <Metric
          label={t('health.mailEnabled')}
          value={metric.mail.enabled ? t('health.yes') : t('health.no')}
        />
        <Metric label={t('health.mailPending')} value={formatNumber(metric.mail.pending, i18n.language)} />
        <Metric
          label={t('health.mailFailed')}
          value={formatNumber(metric.mail.failed, i18n.language)}
          problem={metric.mail.failed > 0}
        />
      </MetricCard>
      <MetricCard title={t('health.traffic')} problem={has('error_rate_high')}>
        <Metric
          label={t('health.requestsPerMinute')}
          value={formatNumber(metric.requests_per_minute, i18n.language)}
        />
        <Metric
          label={t('health.errorRate')}
          value={formatPercent(metric.error_rate, i18n.language)}
          problem={has('error_rate_high')}
        />
      </MetricCard>
    </SimpleGrid>
  );
}

/** The admin's switch: whether notification mails carry the author's text besides the title. */
function MailTextSetting() {
  const { t } = useTranslation();
  const settings = useSettings();
  const update = useUpdateSettings();
  if (!settings.data) return null;
  return (
    <Switch
      label={t('health.mailIncludeText')}
      description={t('health.mailIncludeTextHint')}
      checked={settings.data.data.mail_include_text}
      disabled={update.isPending}
      onChange={(event) => update.mutate({ mail_include_text: event.currentTarget.checked })}
    />
  );
}

/** The system's health: metrics in cards, refreshed every 10 seconds, problems highlighted. */
export function HealthPage() {
  const { t } = useTranslation();
  const health = useHealthMetric();
  const metric = health.data;

  return (
    <Page title={t('health.title')} size="lg">
      <Text size="sm" c="dimmed">
        {t('health.refreshing', { seconds: HEALTH_REFRESH_MS / 1000 })}
      </Text>
      {health.isError && (
        <Alert color="red" variant="light" role="alert" title={t('health.loadFailedTitle')}>
          {t('health.loadFailed')}
        </Alert>
      )}
      {!metric && health.isPending && <Text c="dimmed">{t('common.loading')}</Text>}
      {metric && (
        <>
          <MailTextSetting />
          <section aria-labelledby="problems-heading">
            <Title order={2} size="h3" id="problems-heading" mb="sm">
              {t('health.problems')}
            </Title>
            {metric.problems.length === 0 ? (
              <Alert color="teal" variant="light">
                {t('health.noProblems')}
              </Alert>
            ) : (
              <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
                {metric.problems.map((code) => {
                  const known = isKnownProblem(code);
                  return (
                    <li key={code}>
                      <Alert
                        color="red"
                        variant="light"
                        title={
                          <Group gap="xs">
                            <Badge color="red.9" variant="filled" tt="none">
                              {t('health.problemBadge')}
                            </Badge>
                            {known
                              ? t(`health.problem.${code}.title`)
                              : t('health.problem.unknown.title', { code })}
                          </Group>
                        }
                      >
                        {known
                          ? t(`health.problem.${code}.text`)
                          : t('health.problem.unknown.text', { code })}
                      </Alert>
                    </li>
                  );
                })}
              </Stack>
            )}
          </section>
          <HealthCards metric={metric} />
        </>
      )}
    </Page>
  );
}

export const Component = HealthPage;
