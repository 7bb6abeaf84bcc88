import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import type { WebhookDelivery, WebhookEndpoint } from '../../lib/contract';
import { changeLocale, i18n } from '../../lib/i18n';
import { errorResponse, mockApi, type ApiRequest } from '../../test/mock-api';
import { jsonResponse, renderScreen } from '../../test/render';
import { WebhooksPage } from './webhooks-route';

const active: WebhookEndpoint = {
  id: 'ep1',
  url: 'https://example.org/hook',
  description: 'Website',
  events: ['entry.published', 'entry.unpublished'],
  enabled: true,
  disabled_reason: null,
  disabled_at: null,
  failing_since: null,
  created_at: '2026-11-20T08:00:00.000Z',
  updated_at: '2026-11-20T08:00:00.000Z',
};
const broken: WebhookEndpoint = {
  ...active,
  id: 'ep2',
  url: 'https://broken.example/hook',
  description: '',
  events: ['comment.created'],
  enabled: false,
  disabled_reason: 'every delivery failed for 5 d or more; the last: HTTP 503',
  disabled_at: '2026-11-22T10:15:00.000Z',
};
const deliveries: WebhookDelivery[] = [
  {
    id: 7,
    message_id: 'msg_a',
    event: 'entry.published',
    entry_id: 'e1',
    state: 'failed',
    created_at: '2026-11-21T09:00:00.000Z',
    next_attempt_at: null,
    attempts: [
      { attempted_at: '2026-11-21T09:00:05.000Z', status_code: 500, duration_ms: 120, error: 'HTTP 500' },
      {
        attempted_at: '2026-11-21T09:00:00.000Z',
        status_code: null,
        duration_ms: 10000,
        error: 'no answer within 10000 ms',
      },
    ],
  },
];

function renderWebhooks(routes: Parameters<typeof mockApi>[0] = {}) {
  const api = mockApi({
    'GET admin/webhooks': { data: [active, broken] },
    'GET admin/webhooks/ep1/deliveries': { data: deliveries },
    ...routes,
  });
  renderScreen(<WebhooksPage />);
  return api;
}

const rowOf = async (url: string) => (await screen.findByText(url)).closest('tr')!;

afterEach(() => vi.unstubAllGlobals());

describe('webhooks', () => {
  it('lists the endpoints with their events and status, and why one was disabled', async () => {
    renderWebhooks();
    const row = await rowOf('https://example.org/hook');
    expect(row).toHaveTextContent('Website');
    expect(row).toHaveTextContent('Eintrag veröffentlicht, Veröffentlichung aufgehoben');
    expect(row).toHaveTextContent('Aktiv');
    const disabled = await rowOf('https://broken.example/hook');
    expect(disabled).toHaveTextContent('Deaktiviert');
    expect(within(disabled).getByRole('note')).toHaveTextContent(
      'Automatisch deaktiviert: (22.11.2026 10:15 UTC) every delivery failed for 5 d or more; the last: HTTP 503',
    );
    expect(
      within(disabled).getByRole('button', { name: 'https://broken.example/hook aktivieren' }),
    ).toBeInTheDocument();
  });

  it('adds an endpoint and shows its secret once, with a copy button', async () => {
    const { sent } = renderWebhooks({
      'POST admin/webhooks': jsonResponse(
        {
          data: {
            ...active,
            id: 'ep3',
            url: 'https://new.example/hook',
            secret: 'whsec_c2VjcmV0c2VjcmV0c2VjcmV0c2VjcmV0',
          },
        },
        { status: 201 },
      ),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Endpunkt hinzufügen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Neuer Endpunkt' });
    await user.type(within(dialog).getByRole('textbox', { name: /URL/ }), 'ftp://nope');
    await user.click(within(dialog).getByRole('checkbox', { name: /Eintrag veröffentlicht/ }));
    await user.click(within(dialog).getByRole('checkbox', { name: /Veröffentlichung aufgehoben/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Endpunkt hinzufügen' }));
    expect(
      within(dialog).getByText('Gib eine vollständige URL mit http:// oder https:// ein.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('Wähle mindestens ein Ereignis.')).toBeInTheDocument();
    expect(sent('POST admin/webhooks')).toHaveLength(0);

    await user.clear(within(dialog).getByRole('textbox', { name: /URL/ }));
    await user.type(within(dialog).getByRole('textbox', { name: /URL/ }), 'https://new.example/hook');
    await user.click(within(dialog).getByRole('checkbox', { name: /Kommentar geschrieben/ }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Beschreibung' }), 'Newsletter');
    await user.click(within(dialog).getByRole('button', { name: 'Endpunkt hinzufügen' }));
    await waitFor(() => expect(sent('POST admin/webhooks')).toHaveLength(1));
    expect(sent('POST admin/webhooks')[0]!.body).toEqual({
      url: 'https://new.example/hook',
      description: 'Newsletter',
      events: ['comment.created'],
    });
    const secret = await screen.findByRole('dialog', { name: 'Signaturschlüssel' });
    expect(secret).toHaveTextContent('whsec_c2VjcmV0c2VjcmV0c2VjcmV0c2VjcmV0');
    expect(secret).toHaveTextContent('nur dieses eine Mal');
    expect(within(secret).getByRole('button', { name: 'Schlüssel kopieren' })).toBeInTheDocument();
  });

  it('shows why the server refused a URL', async () => {
    renderWebhooks({
      'POST admin/webhooks': errorResponse(400, 'VALIDATION_FAILED', [
        { field: 'url', keyword: 'format', message: 'not public' },
      ]),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Endpunkt hinzufügen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Neuer Endpunkt' });
    await user.type(within(dialog).getByRole('textbox', { name: /URL/ }), 'http://10.0.0.1/hook');
    await user.click(within(dialog).getByRole('button', { name: 'Endpunkt hinzufügen' }));
    expect(await within(dialog).findByText(/Der Server lehnt diese URL ab/)).toBeInTheDocument();
  });

  it('edits, disables, enables and deletes an endpoint', async () => {
    const { sent } = renderWebhooks({
      'PATCH admin/webhooks/ep1': ({ body }: ApiRequest) => ({ data: { ...active, ...(body as object) } }),
      'PATCH admin/webhooks/ep2': { data: { ...broken, enabled: true, disabled_reason: null } },
      'DELETE admin/webhooks/ep1': jsonResponse(undefined, { status: 204 }),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'https://example.org/hook bearbeiten' }));
    const dialog = await screen.findByRole('dialog', { name: 'Endpunkt bearbeiten' });
    expect(within(dialog).getByRole('textbox', { name: /URL/ })).toHaveValue('https://example.org/hook');
    await user.click(within(dialog).getByRole('checkbox', { name: /Eintrag gelöscht/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(sent('PATCH admin/webhooks/ep1')).toHaveLength(1));
    expect(sent('PATCH admin/webhooks/ep1')[0]!.body).toEqual({
      url: 'https://example.org/hook',
      description: 'Website',
      events: ['entry.published', 'entry.unpublished', 'entry.deleted'],
    });

    await user.click(screen.getByRole('button', { name: 'https://example.org/hook deaktivieren' }));
    await waitFor(() => expect(sent('PATCH admin/webhooks/ep1')).toHaveLength(2));
    expect(sent('PATCH admin/webhooks/ep1')[1]!.body).toEqual({ enabled: false });
    await user.click(screen.getByRole('button', { name: 'https://broken.example/hook aktivieren' }));
    await waitFor(() => expect(sent('PATCH admin/webhooks/ep2')).toHaveLength(1));
    expect(sent('PATCH admin/webhooks/ep2')[0]!.body).toEqual({ enabled: true });

    await user.click(screen.getByRole('button', { name: 'https://example.org/hook löschen' }));
    const confirm = await screen.findByRole('dialog', { name: 'Endpunkt löschen?' });
    await user.click(within(confirm).getByRole('button', { name: 'Löschen' }));
    await waitFor(() => expect(sent('DELETE admin/webhooks/ep1')).toHaveLength(1));
  });

  it('sends a ping and says how it went', async () => {
    renderWebhooks({
      'POST admin/webhooks/ep1/ping': {
        data: {
          ...deliveries[0],
          id: 8,
          event: 'webhook.ping',
          state: 'delivered',
          attempts: [
            { attempted_at: '2026-11-23T10:00:00.000Z', status_code: 204, duration_ms: 42, error: null },
          ],
        },
      },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Ping an https://example.org/hook senden' }));
    expect(await screen.findByText('Der Ping ist angekommen (HTTP 204, 42 ms).')).toBeInTheDocument();
  });

  it('shows the deliveries with every attempt and sends one again, with the keyboard', async () => {
    const { sent } = renderWebhooks({
      'POST admin/webhooks/ep1/deliveries/7/redeliver': jsonResponse(
        { data: { ...deliveries[0], state: 'pending' } },
        { status: 202 },
      ),
    });
    const user = userEvent.setup();
    const show = await screen.findByRole('button', { name: 'Zustellungen an https://example.org/hook' });
    show.focus();
    await user.keyboard('{Enter}');
    expect(show).toHaveAttribute('aria-pressed', 'true');
    const panel = await screen.findByRole('region', { name: 'Zustellungen an https://example.org/hook' });
    const row = (await within(panel).findByRole('rowheader', { name: 'Eintrag veröffentlicht' })).closest(
      'tr',
    )!;
    expect(row).toHaveTextContent('Gescheitert');
    expect(row).toHaveTextContent('21.11.2026 09:00 UTC: HTTP 500, 120 ms – HTTP 500');
    expect(row).toHaveTextContent('HTTP keine Antwort, 10.000 ms – no answer within 10000 ms');
    within(row).getByRole('button', { name: 'Zustellung 7 (Eintrag veröffentlicht) erneut senden' }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(sent('POST admin/webhooks/ep1/deliveries/7/redeliver')).toHaveLength(1));
    expect(await screen.findByText('Die Zustellung geht erneut hinaus.')).toBeInTheDocument();
  });

  it('speaks English too, its own strings and the app catalogue alike', async () => {
    renderWebhooks();
    await screen.findByRole('heading', { level: 2, name: 'Endpunkte' });
    try {
      await changeLocale('en');
      expect(await screen.findByRole('heading', { level: 2, name: 'Endpoints' })).toBeInTheDocument();
      expect(
        screen.getByRole('button', { name: 'Send a ping to https://example.org/hook' }),
      ).toBeInTheDocument();
      // The screen's strings came first; the app's English catalogue still loaded.
      expect(i18n.t('common.cancel')).toBe('Cancel');
    } finally {
      await changeLocale('de');
    }
  });

  it('has no accessibility violations axe can find', async () => {
    renderWebhooks();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Zustellungen an https://example.org/hook' }));
    await screen.findByRole('rowheader', { name: 'Eintrag veröffentlicht' });
    // jsdom computes no colours (the browser journeys check contrast), and the screen is rendered
    // without the app frame whose <main> holds it.
    const results = await axe.run(document.body, {
      rules: { 'color-contrast': { enabled: false }, region: { enabled: false } },
    });
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' ')}`)).toEqual([]);
  });
});
