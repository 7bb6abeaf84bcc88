import { useState } from 'react';
import { Alert, Badge, Button, Card, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { StackedTable } from '../../../components/stacked-table';
import { DateTimeText } from '../../../components/date-time-text';
import { QueryStates } from '../../../components/query-states';
import { isHandledError } from '../../../lib/api-client';
import type { StaffSession } from '../../../lib/contract';
import { paths } from '../../../lib/paths';
import { useEndSession, useSessions } from '../api/sessions';
import { browserNameOf } from '../browser-name';

/** The account's open sessions: when each began and was last used, in which browser; each can end. */
export function SessionsCard() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const sessions = useSessions();
  const endSession = useEndSession();
  const [result, setResult] = useState<'ended' | 'failed' | null>(null);

  const browserOf = (session: StaffSession) => {
    const { browser, system } = browserNameOf(session.user_agent);
    if (!browser) return system ?? t('profile.sessions.unknownBrowser');
    return system ? t('profile.sessions.browserOn', { browser, system }) : browser;
  };

  const end = (session: StaffSession) => {
    setResult(null);
    endSession.mutate(session, {
      onSuccess: () => {
        if (session.current) void navigate(paths.login(), { replace: true });
        else setResult('ended');
      },
      onError: (error) => {
        if (!isHandledError(error)) setResult('failed');
      },
    });
  };

  return (
    <Card withBorder component="section" aria-labelledby="sessions-heading">
      <Stack gap="sm">
        <Title order={2} size="h3" id="sessions-heading">
          {t('profile.sessions.title')}
        </Title>
        <Text>{t('profile.sessions.intro')}</Text>
        {result === 'ended' && (
          <Alert color="teal" variant="light" role="status">
            {t('profile.sessions.ended')}
          </Alert>
        )}
        {result === 'failed' && (
          <Alert color="red" variant="light" role="alert">
            {t('profile.sessions.endFailed')}
          </Alert>
        )}
        <QueryStates query={sessions} failed={t('profile.sessions.loadFailed')}>
          {(list) => (
            <StackedTable minWidth={520}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('profile.sessions.browser')}</Table.Th>
                  <Table.Th scope="col">{t('profile.sessions.started')}</Table.Th>
                  <Table.Th scope="col">{t('profile.sessions.lastUsed')}</Table.Th>
                  <Table.Th scope="col">{t('profile.sessions.actions')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.data.map((session) => (
                  <Table.Tr key={session.id} aria-current={session.current ? 'true' : undefined}>
                    <Table.Th scope="row" fw={400}>
                      {browserOf(session)}{' '}
                      {session.current && (
                        <Badge variant="outline" color="gray.8" tt="none">
                          {t('profile.sessions.current')}
                        </Badge>
                      )}
                    </Table.Th>
                    <Table.Td data-label={t('profile.sessions.started')}>
                      <DateTimeText value={session.created_at} />
                    </Table.Td>
                    <Table.Td data-label={t('profile.sessions.lastUsed')}>
                      <DateTimeText value={session.last_used_at} />
                    </Table.Td>
                    <Table.Td data-label={t('profile.sessions.actions')}>
                      <Button
                        variant="default"
                        size="xs"
                        aria-label={
                          session.current
                            ? `${t('profile.sessions.end')}: ${t('profile.sessions.current')}`
                            : t('profile.sessions.endOf', { browser: browserOf(session) })
                        }
                        loading={endSession.isPending && endSession.variables?.id === session.id}
                        onClick={() => end(session)}
                      >
                        {t('profile.sessions.end')}
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </StackedTable>
          )}
        </QueryStates>
      </Stack>
    </Card>
  );
}
