import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import type { AuditList, AuditRecord } from '../../lib/contract';
import { changeLocale } from '../../lib/i18n';
import { errorResponse, mockApi, type ApiRequest } from '../../test/mock-api';
import { renderScreen } from '../../test/render';
import { AuditPage } from './audit-route';

const published: AuditRecord = {
  id: 3,
  at: '2026-11-22T10:15:00.000Z',
  kind: 'entry.state_changed',
  actor: { type: 'user', id: 'u1', username: 'Chefin' },
  target: { type: 'entry', id: 'e1' },
  details: { type: 'article', from: 'proposed', to: 'published' },
  client_address: null,
};
const failed: AuditRecord = {
  id: 2,
  at: '2026-11-22T09:00:00.000Z',
  kind: 'auth.login.failed',
  actor: { type: 'anonymous', id: null, username: 'Mallory' },
  target: null,
  details: {},
  client_address: '203.0.113.9',
};
const role: AuditRecord = {
  id: 1,
  at: '2026-11-21T08:00:00.000Z',
  kind: 'user.role_changed',
  actor: { type: 'user', id: 'u1', username: 'Chefin' },
  target: { type: 'user', id: 'u2' },
  details: { username: 'Pruefer', from: 'mod', to: 'admin' },
  client_address: null,
};

const page = (data: AuditRecord[], current = 1, last = 1): AuditList => ({
  meta: {
    pagination: {
      current_page: current,
      page_size: 50,
      total_entries: last * 50,
      first_page: 1,
      last_page: last,
      previous_page: current > 1 ? current - 1 : null,
      next_page: current < last ? current + 1 : null,
    },
  },
  data,
});

function renderAudit(answer: (request: ApiRequest) => unknown = () => page([published, failed, role], 1, 3)) {
  const api = mockApi({ 'GET admin/audit': answer });
  renderScreen(<AuditPage />, { path: '/admin/audit' });
  return api;
}

afterEach(() => vi.unstubAllGlobals());

describe('audit log', () => {
  it('lists records newest first in words, with links to the entry and the accounts', async () => {
    renderAudit();
    const rows = await screen.findAllByRole('row');
    expect(rows).toHaveLength(4);
    expect(rows[1]).toHaveTextContent('22.11.2026 10:15 UTC');
    expect(rows[1]).toHaveTextContent('Status eines Beitrags geändert');
    expect(rows[1]).toHaveTextContent('Chefin');
    expect(rows[1]).toHaveTextContent('Vorgeschlagen → Veröffentlicht');
    expect(within(rows[1]!).getByRole('link', { name: 'Beitrag e1' })).toHaveAttribute(
      'href',
      '/moderate/article/e1',
    );
    expect(rows[2]).toHaveTextContent('Anmeldung fehlgeschlagen');
    expect(rows[2]).toHaveTextContent('Mallory (versucht)');
    expect(rows[2]).toHaveTextContent('von 203.0.113.9');
    expect(within(rows[3]!).getByRole('link', { name: 'Konto Pruefer' })).toHaveAttribute(
      'href',
      '/admin/users',
    );
    expect(rows[3]).toHaveTextContent('Moderation → Admin');
  });

  it('filters by kind, person and days, pages, and downloads the same view as CSV', async () => {
    const { sent } = renderAudit();
    const user = userEvent.setup();
    await screen.findAllByRole('row');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Art' }), 'Anmeldung fehlgeschlagen');
    await user.type(screen.getByRole('textbox', { name: /Person/ }), 'mallory');
    await user.click(screen.getByRole('button', { name: 'Person filtern' }));
    await waitFor(() =>
      expect(sent('GET admin/audit').at(-1)!.url.searchParams.get('filters')).toBe(
        'kind:is:auth.login.failed,actor:is:mallory',
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Seite 2' }));
    await waitFor(() =>
      expect(sent('GET admin/audit').at(-1)!.url.searchParams.get('current_page')).toBe('2'),
    );
    const csv = screen.getByRole('link', { name: 'CSV herunterladen' });
    expect(csv).toHaveAttribute(
      'href',
      `/api/v1/admin/audit.csv?filters=${encodeURIComponent('kind:is:auth.login.failed,actor:is:mallory')}`,
    );
    // A new filter starts again at the first page.
    await user.selectOptions(screen.getByRole('combobox', { name: 'Art' }), 'Alle Arten');
    await waitFor(() => {
      const last = sent('GET admin/audit').at(-1)!.url.searchParams;
      expect(last.get('filters')).toBe('actor:is:mallory');
      expect(last.get('current_page')).toBeNull();
    });
  });

  it('sends a range of days from the URL', async () => {
    const { sent } = mockApi({ 'GET admin/audit': page([role]) });
    renderScreen(<AuditPage />, { path: '/admin/audit?from=2026-11-01&to=2026-11-30' });
    await screen.findAllByRole('row');
    const query = sent('GET admin/audit')[0]!.url.searchParams;
    expect(query.get('from')).toBe('2026-11-01');
    expect(query.get('to')).toBe('2026-11-30');
    expect(screen.getByRole('link', { name: 'CSV herunterladen' })).toHaveAttribute(
      'href',
      '/api/v1/admin/audit.csv?from=2026-11-01&to=2026-11-30',
    );
  });

  it('filters by the days entered', async () => {
    const { sent } = renderAudit();
    await screen.findAllByRole('row');
    fireEvent.input(screen.getByLabelText('Von'), { target: { value: '2026-11-20' } });
    await waitFor(() =>
      expect(sent('GET admin/audit').at(-1)!.url.searchParams.get('from')).toBe('2026-11-20'),
    );
    fireEvent.input(screen.getByLabelText('Bis'), { target: { value: '2026-11-22' } });
    await waitFor(() =>
      expect(sent('GET admin/audit').at(-1)!.url.searchParams.get('to')).toBe('2026-11-22'),
    );
    fireEvent.input(screen.getByLabelText('Von'), { target: { value: '' } });
    await waitFor(() => expect(sent('GET admin/audit').at(-1)!.url.searchParams.get('from')).toBeNull());
  });

  it('says when the log could not be loaded', async () => {
    renderAudit(() => errorResponse(400, 'VALIDATION_FAILED'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Das Protokoll konnte nicht geladen werden.');
  });

  it('speaks English', async () => {
    try {
      await changeLocale('en');
      renderAudit();
      expect(await screen.findByRole('heading', { level: 1, name: 'Audit log' })).toBeInTheDocument();
      expect(await screen.findByText('Login failed')).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Download CSV' })).toBeInTheDocument();
    } finally {
      await changeLocale('de');
    }
  });

  it('has no accessibility violations axe can find', async () => {
    renderAudit();
    await screen.findAllByRole('row');
    const results = await axe.run(document.body, {
      rules: { 'color-contrast': { enabled: false }, region: { enabled: false } },
    });
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' ')}`)).toEqual([]);
  });
});
