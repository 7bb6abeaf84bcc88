import { Grid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Page } from '../../components/page';
import { QueryStates } from '../../components/query-states';
import { useDashboard } from './api/get-dashboard';
import { LatestChanges } from './components/latest-changes';
import { ProposalItem } from './components/proposal-item';
import { ScheduledList } from './components/scheduled-list';
import './strings';

/** The back office's start: proposed entries waiting for moderation, scheduled publications and the latest changes. */
export function DashboardPage() {
  const { t } = useTranslation();
  const dashboard = useDashboard();

  return (
    <Page title={t('dashboard.title')} size="lg">
      <QueryStates
        query={dashboard}
        failed={t('dashboard.loadFailed')}
        failedTitle={t('dashboard.loadFailedTitle')}
      >
        {(data) => (
          <Grid gap="xl">
            <Grid.Col span={{ base: 12, md: 7 }}>
              <section aria-labelledby="proposals-heading">
                <Title order={2} id="proposals-heading" mb="sm">
                  {t('dashboard.proposals')}
                </Title>
                {data.proposals.length === 0 ? (
                  <Text c="dimmed">{t('dashboard.noProposals')}</Text>
                ) : (
                  <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
                    {data.proposals.map((proposal) => (
                      <ProposalItem key={proposal.id} proposal={proposal} />
                    ))}
                  </Stack>
                )}
              </section>
              <section aria-labelledby="scheduled-heading">
                <Title order={2} id="scheduled-heading" mt="xl" mb="sm">
                  {t('dashboard.scheduled')}
                </Title>
                <ScheduledList items={data.scheduled} />
              </section>
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 5 }}>
              <section aria-labelledby="timeline-heading">
                <Title order={2} id="timeline-heading" mb="sm">
                  {t('dashboard.timeline')}
                </Title>
                <LatestChanges items={data.timeline} />
              </section>
            </Grid.Col>
          </Grid>
        )}
      </QueryStates>
    </Page>
  );
}

export const Component = DashboardPage;
