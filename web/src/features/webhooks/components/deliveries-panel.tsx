import { Badge, Button, List, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { StackedTable } from '../../../components/stacked-table';
import { DateTimeText } from '../../../components/date-time-text';
import { QueryStates } from '../../../components/query-states';
import { isHandledError } from '../../../lib/api-client';
import type { WebhookDelivery, WebhookDeliveryState, WebhookEndpoint } from '../../../lib/contract';
import { showDangerToast, showSuccessToast } from '../../../lib/notify';
import { useWebhookDeliveries } from '../api/get-webhook-deliveries';
import { useRedeliverWebhook } from '../api/redeliver-webhook';

// Dark shades, as EntryStateBadge's: white text on them stays above WCAG AA contrast.
const STATE_COLOR: Record<WebhookDeliveryState, string> = {
  pending: 'blue.9',
  delivered: 'teal.9',
  failed: 'red.9',
};

/** An endpoint's latest deliveries, each with every attempt, and a way to send one again. */
export function DeliveriesPanel({ endpoint }: { endpoint: WebhookEndpoint }) {
  const { t } = useTranslation();
  const deliveries = useWebhookDeliveries(endpoint.id);
  const redeliver = useRedeliverWebhook();

  const eventLabel = (delivery: WebhookDelivery) => {
    const key = `webhooks.event.${delivery.event}`;
    return t(key as 'webhooks.event.entry.published', { defaultValue: delivery.event });
  };

  const handleRedeliver = (delivery: WebhookDelivery) => {
    redeliver.mutate(
      { id: endpoint.id, delivery: delivery.id },
      {
        onSuccess: () => showSuccessToast(t('admin.doneTitle'), t('webhooks.deliveries.redelivered')),
        onError: (error) => {
          if (!isHandledError(error)) showDangerToast(t('webhooks.failedTitle'), t('webhooks.actionFailed'));
        },
      },
    );
  };

  return (
    <section aria-labelledby="deliveries-heading">
      <Title order={2} id="deliveries-heading" mb="sm">
        {t('webhooks.deliveries.title', { url: endpoint.url })}
      </Title>
      <QueryStates
        query={deliveries}
        failed={t('webhooks.deliveries.loadFailed')}
        empty={t('webhooks.deliveries.empty')}
        isEmpty={(list) => list.length === 0}
      >
        {(list) => (
          <StackedTable minWidth={720} striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('webhooks.deliveries.time')}</Table.Th>
                <Table.Th scope="col">{t('webhooks.deliveries.event')}</Table.Th>
                <Table.Th scope="col">{t('webhooks.deliveries.state')}</Table.Th>
                <Table.Th scope="col">{t('webhooks.deliveries.attempts')}</Table.Th>
                <Table.Th scope="col">{t('webhooks.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.map((delivery) => (
                <Table.Tr key={delivery.id}>
                  <Table.Td data-label={t('webhooks.deliveries.time')}>
                    <DateTimeText value={delivery.created_at} />
                  </Table.Td>
                  <Table.Th scope="row">{eventLabel(delivery)}</Table.Th>
                  <Table.Td data-label={t('webhooks.deliveries.state')}>
                    <Badge color={STATE_COLOR[delivery.state]} variant="filled" tt="none">
                      {t(`webhooks.deliveries.states.${delivery.state}`)}
                    </Badge>
                    {delivery.next_attempt_at && (
                      <Text size="sm">
                        {t('webhooks.deliveries.nextAttempt')}{' '}
                        <DateTimeText value={delivery.next_attempt_at} />
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td data-label={t('webhooks.deliveries.attempts')}>
                    {delivery.attempts.length === 0 ? (
                      <Text size="sm" c="dimmed">
                        {t('webhooks.deliveries.noAttempt')}
                      </Text>
                    ) : (
                      <List size="sm" spacing={2}>
                        {delivery.attempts.map((attempt) => (
                          <List.Item key={attempt.attempted_at + String(attempt.duration_ms)}>
                            <DateTimeText value={attempt.attempted_at} />
                            {': '}
                            {t('webhooks.deliveries.attempt', {
                              status: attempt.status_code ?? t('webhooks.deliveries.noStatus'),
                              duration: attempt.duration_ms,
                            })}
                            {attempt.error && ` – ${attempt.error}`}
                          </List.Item>
                        ))}
                      </List>
                    )}
                  </Table.Td>
                  <Table.Td data-label={t('webhooks.actions')}>
                    {delivery.event !== 'webhook.ping' && delivery.state !== 'pending' && (
                      <Button
                        variant="default"
                        size="xs"
                        aria-label={t('webhooks.deliveries.redeliverOf', {
                          event: eventLabel(delivery),
                          id: delivery.id,
                        })}
                        loading={redeliver.isPending && redeliver.variables?.delivery === delivery.id}
                        onClick={() => handleRedeliver(delivery)}
                      >
                        {t('webhooks.deliveries.redeliver')}
                      </Button>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </StackedTable>
        )}
      </QueryStates>
    </section>
  );
}
