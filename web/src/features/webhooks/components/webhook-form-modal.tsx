import { useEffect, useState, type FormEvent } from 'react';
import { Alert, Button, Checkbox, Group, Modal, Stack, TextInput, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ApiError, isHandledError } from '../../../lib/api-client';
import {
  WEBHOOK_DESCRIPTION_MAX,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_URL_MAX,
  type WebhookEndpoint,
  type WebhookEventType,
} from '../../../lib/contract';
import { isWebhookUrl } from '../webhook-rules';

export type WebhookFormValues = { url: string; description: string; events: WebhookEventType[] };

type Problems = { url?: string; events?: string; form?: string };

type WebhookFormModalProps = {
  opened: boolean;
  /** The endpoint to edit; none to create one. */
  endpoint: WebhookEndpoint | null;
  isPending: boolean;
  onSubmit: (values: WebhookFormValues, onError: (error: unknown) => void) => void;
  onClose: () => void;
};

/** Creates or edits an endpoint: URL, description and the events it subscribes to. */
export function WebhookFormModal({ opened, endpoint, isPending, onSubmit, onClose }: WebhookFormModalProps) {
  const { t } = useTranslation();
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [events, setEvents] = useState<WebhookEventType[]>([]);
  const [problems, setProblems] = useState<Problems>({});

  useEffect(() => {
    if (!opened) return;
    setUrl(endpoint?.url ?? '');
    setDescription(endpoint?.description ?? '');
    setEvents(endpoint?.events ?? ['entry.published', 'entry.unpublished']);
    setProblems({});
  }, [opened, endpoint]);

  const handleError = (error: unknown) => {
    if (isHandledError(error)) return;
    const field = error instanceof ApiError ? error.fields?.[0]?.field : undefined;
    if (field === 'url') {
      setProblems({
        url: `${t('webhooks.urlRefused')} ${error instanceof ApiError ? error.message : ''}`.trim(),
      });
    } else if (field === 'events') setProblems({ events: t('webhooks.eventsRequired') });
    else setProblems({ form: t('webhooks.saveFailed') });
  };

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found: Problems = {};
    if (!isWebhookUrl(url.trim())) found.url = t('webhooks.urlInvalid');
    if (events.length === 0) found.events = t('webhooks.eventsRequired');
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    onSubmit({ url: url.trim(), description: description.trim(), events }, handleError);
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={endpoint ? t('webhooks.editTitle') : t('webhooks.createTitle')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      size="lg"
    >
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="sm">
          {problems.form && (
            <Alert color="red" variant="light" role="alert">
              {problems.form}
            </Alert>
          )}
          <TextInput
            label={t('webhooks.url')}
            description={t('webhooks.urlHint')}
            value={url}
            type="url"
            maxLength={WEBHOOK_URL_MAX}
            autoComplete="off"
            required
            data-autofocus
            error={problems.url}
            onChange={(event) => setUrl(event.currentTarget.value)}
          />
          <Textarea
            label={t('webhooks.description')}
            value={description}
            maxLength={WEBHOOK_DESCRIPTION_MAX}
            rows={2}
            onChange={(event) => setDescription(event.currentTarget.value)}
          />
          <Checkbox.Group
            label={t('webhooks.events')}
            required
            error={problems.events}
            value={events}
            onChange={(value) => setEvents(value as WebhookEventType[])}
          >
            <Stack gap={6} mt={6}>
              {WEBHOOK_EVENT_TYPES.map((type) => (
                <Checkbox key={type} value={type} label={`${t(`webhooks.event.${type}`)} (${type})`} />
              ))}
            </Stack>
          </Checkbox.Group>
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={isPending}>
              {endpoint ? t('webhooks.save') : t('webhooks.create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
