import { useState } from 'react';
import { Badge, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { StackedTable } from '../../components/stacked-table';
import { ConfirmModal } from '../../components/confirm-modal';
import { DateTimeText } from '../../components/date-time-text';
import { Page } from '../../components/page';
import { QueryStates } from '../../components/query-states';
import { isHandledError } from '../../lib/api-client';
import type { WebhookEndpoint } from '../../lib/contract';
import { showDangerToast, showSuccessToast } from '../../lib/notify';
import { useCreateWebhook } from './api/create-webhook';
import { useDeleteWebhook } from './api/delete-webhook';
import { useWebhooks } from './api/get-webhooks';
import { usePingWebhook } from './api/ping-webhook';
import { useUpdateWebhook } from './api/update-webhook';
import { DeliveriesPanel } from './components/deliveries-panel';
import { SecretModal } from './components/secret-modal';
import { WebhookFormModal, type WebhookFormValues } from './components/webhook-form-modal';
import './strings';

/** Webhook endpoints (admins only): list, create, edit, enable or disable, ping, delete, deliveries. */
export function WebhooksPage() {
  const { t } = useTranslation();
  const webhooks = useWebhooks();
  const createWebhook = useCreateWebhook();
  const updateWebhook = useUpdateWebhook();
  const deleteWebhook = useDeleteWebhook();
  const pingWebhook = usePingWebhook();
  const [form, setForm] = useState<{ endpoint: WebhookEndpoint | null } | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<WebhookEndpoint | null>(null);
  const [showing, setShowing] = useState<string | null>(null);

  const failed = (error: unknown) => {
    if (!isHandledError(error)) showDangerToast(t('webhooks.failedTitle'), t('webhooks.actionFailed'));
  };

  const handleSubmit = (values: WebhookFormValues, onError: (error: unknown) => void) => {
    const endpoint = form?.endpoint;
    if (endpoint) {
      updateWebhook.mutate(
        { id: endpoint.id, changes: values },
        {
          onSuccess: () => {
            setForm(null);
            showSuccessToast(t('admin.doneTitle'), t('webhooks.updated'));
          },
          onError,
        },
      );
      return;
    }
    createWebhook.mutate(values, {
      onSuccess: (created) => {
        setForm(null);
        setSecret(created.secret);
        showSuccessToast(t('admin.doneTitle'), t('webhooks.created'));
      },
      onError,
    });
  };

  const handleToggle = (endpoint: WebhookEndpoint) => {
    updateWebhook.mutate(
      { id: endpoint.id, changes: { enabled: !endpoint.enabled } },
      {
        onSuccess: (updated) =>
          showSuccessToast(
            t('admin.doneTitle'),
            updated.enabled ? t('webhooks.enabledDone') : t('webhooks.disabledDone'),
          ),
        onError: failed,
      },
    );
  };

  const handlePing = (endpoint: WebhookEndpoint) => {
    pingWebhook.mutate(endpoint.id, {
      onSuccess: (delivery) => {
        const [attempt] = delivery.attempts;
        if (delivery.state === 'delivered') {
          showSuccessToast(
            t('admin.doneTitle'),
            t('webhooks.pingOk', { status: attempt?.status_code ?? '', duration: attempt?.duration_ms ?? 0 }),
          );
        } else {
          showDangerToast(
            t('webhooks.failedTitle'),
            t('webhooks.pingFailed', { error: attempt?.error ?? '' }),
          );
        }
      },
      onError: failed,
    });
  };

  const handleDelete = () => {
    if (!deleting) return;
    const { id } = deleting;
    deleteWebhook.mutate(id, {
      onSuccess: () => {
        setDeleting(null);
        if (showing === id) setShowing(null);
        showSuccessToast(t('admin.doneTitle'), t('webhooks.deleted'));
      },
      onError: (error) => {
        setDeleting(null);
        failed(error);
      },
    });
  };

  const shown = webhooks.data?.find((endpoint) => endpoint.id === showing) ?? null;

  return (
    <Page title={t('webhooks.title')} size="lg">
      <Text>{t('webhooks.intro')}</Text>
      <section aria-labelledby="endpoints-heading">
        <Group justify="space-between" mb="sm">
          <Title order={2} id="endpoints-heading">
            {t('webhooks.listTitle')}
          </Title>
          <Button onClick={() => setForm({ endpoint: null })}>{t('webhooks.add')}</Button>
        </Group>
        <QueryStates
          query={webhooks}
          failed={t('webhooks.loadFailed')}
          empty={t('webhooks.empty')}
          isEmpty={(list) => list.length === 0}
        >
          {(list) => (
            <StackedTable minWidth={820} striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('webhooks.url')}</Table.Th>
                  <Table.Th scope="col">{t('webhooks.events')}</Table.Th>
                  <Table.Th scope="col">{t('webhooks.status')}</Table.Th>
                  <Table.Th scope="col">{t('webhooks.actions')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.map((endpoint) => (
                  <Table.Tr key={endpoint.id}>
                    <Table.Th scope="row" style={{ wordBreak: 'break-all', fontWeight: 'normal' }}>
                      <Text fw={600} component="span">
                        {endpoint.url}
                      </Text>
                      {endpoint.description && (
                        <Text size="sm" c="dimmed">
                          {endpoint.description}
                        </Text>
                      )}
                    </Table.Th>
                    <Table.Td data-label={t('webhooks.events')}>
                      <Text size="sm">
                        {endpoint.events.map((type) => t(`webhooks.event.${type}`)).join(', ')}
                      </Text>
                    </Table.Td>
                    <Table.Td data-label={t('webhooks.status')}>
                      <Stack gap={4}>
                        <Badge color={endpoint.enabled ? 'teal.9' : 'gray.8'} variant="filled" tt="none">
                          {endpoint.enabled ? t('webhooks.enabled') : t('webhooks.disabled')}
                        </Badge>
                        {!endpoint.enabled && endpoint.disabled_reason && (
                          <Text size="sm" role="note">
                            {t('webhooks.disabledBecause')}{' '}
                            {endpoint.disabled_at && (
                              <>
                                (<DateTimeText value={endpoint.disabled_at} />){' '}
                              </>
                            )}
                            {endpoint.disabled_reason}
                          </Text>
                        )}
                        {endpoint.enabled && endpoint.failing_since && (
                          <Text size="sm">
                            {t('webhooks.failingSince')} <DateTimeText value={endpoint.failing_since} />
                          </Text>
                        )}
                      </Stack>
                    </Table.Td>
                    <Table.Td data-label={t('webhooks.actions')}>
                      <Group gap="xs">
                        <Button
                          variant={showing === endpoint.id ? 'light' : 'default'}
                          size="xs"
                          aria-pressed={showing === endpoint.id}
                          aria-label={t('webhooks.deliveriesOf', { url: endpoint.url })}
                          onClick={() => setShowing(showing === endpoint.id ? null : endpoint.id)}
                        >
                          {t('webhooks.showDeliveries')}
                        </Button>
                        <Button
                          variant="default"
                          size="xs"
                          aria-label={t('webhooks.pingOf', { url: endpoint.url })}
                          loading={pingWebhook.isPending && pingWebhook.variables === endpoint.id}
                          onClick={() => handlePing(endpoint)}
                        >
                          {t('webhooks.ping')}
                        </Button>
                        <Button
                          variant="default"
                          size="xs"
                          aria-label={t('webhooks.editOf', { url: endpoint.url })}
                          onClick={() => setForm({ endpoint })}
                        >
                          {t('webhooks.edit')}
                        </Button>
                        <Button
                          variant="default"
                          size="xs"
                          aria-label={
                            endpoint.enabled
                              ? t('webhooks.disableOf', { url: endpoint.url })
                              : t('webhooks.enableOf', { url: endpoint.url })
                          }
                          onClick={() => handleToggle(endpoint)}
                        >
                          {endpoint.enabled ? t('webhooks.disable') : t('webhooks.enable')}
                        </Button>
                        <Button
                          color="red.9"
                          size="xs"
                          aria-label={t('webhooks.deleteOf', { url: endpoint.url })}
                          onClick={() => setDeleting(endpoint)}
                        >
                          {t('webhooks.delete')}
                        </Button>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </StackedTable>
          )}
        </QueryStates>
      </section>
      {shown && <DeliveriesPanel endpoint={shown} />}
      <WebhookFormModal
        opened={form !== null}
        endpoint={form?.endpoint ?? null}
        isPending={createWebhook.isPending || updateWebhook.isPending}
        onSubmit={handleSubmit}
        onClose={() => setForm(null)}
      />
      <SecretModal secret={secret} onClose={() => setSecret(null)} />
      <ConfirmModal
        opened={deleting !== null}
        title={t('webhooks.deleteTitle')}
        text={t('webhooks.deleteText', { url: deleting?.url ?? '' })}
        confirmLabel={t('webhooks.delete')}
        color="red.9"
        autoFocus="cancel"
        isPending={deleteWebhook.isPending}
        onConfirm={handleDelete}
        onClose={() => setDeleting(null)}
      />
    </Page>
  );
}

export const Component = WebhooksPage;
