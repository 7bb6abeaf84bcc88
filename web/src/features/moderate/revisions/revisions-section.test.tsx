import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UiSchema } from '@einwurf/contract';
import { setAuth } from '../../../lib/auth-store';
import { errorResponse, mockApi, type ApiRequest } from '../../../test/mock-api';
import { renderScreen } from '../../../test/render';
import RevisionsSection, { defaultPair } from './revisions-section';

const uiSchema: UiSchema = [
  { scope: 'lead', widget: 'textarea', label: { de: 'Vorspann', 'de-CH': 'Vorspann', en: 'Lead' } },
  { scope: 'content', widget: 'markdown', label: { de: 'Text', 'de-CH': 'Text', en: 'Text' } },
  { scope: 'category', widget: 'select', label: { de: 'Rubrik', 'de-CH': 'Rubrik', en: 'Section' } },
] as UiSchema;

const item = (revision: number, actor: string, state: string, username: string | null = null) => ({
  revision,
  saved_at: `2026-11-2${revision}T10:00:00.000Z`,
  actor,
  username,
  state,
  title: 'Neue Velowege',
});
const list = {
  meta: {
    pagination: {
      current_page: 1,
      page_size: 100,
      total_entries: 4,
      first_page: 1,
      last_page: 1,
      previous_page: null,
      next_page: null,
    },
    last_decision: {
      revision: 3,
      from_state: 'proposed',
      to_state: 'rejected',
      actor: 'mod',
      user_id: 'u1',
      username: 'mira',
      decided_at: '2026-11-23T10:00:00.000Z',
    },
  },
  data: [
    item(4, 'author', 'rejected'),
    item(3, 'mod', 'rejected', 'mira'),
    item(2, 'author', 'draft'),
    item(1, 'author', 'draft'),
  ],
};
const snapshot = (revision: number, content: string, lead: string) => ({
  data: { ...list.data[4 - revision], content, fields: { lead, category: 'local' } },
});

function renderSection(
  onRestored = vi.fn(),
  isDirty = false,
  restore: (request: ApiRequest) => unknown = () => errorResponse(404, 'NOT_FOUND'),
) {
  const api = mockApi({
    'POST admin/collection/entry/e1/revisions/3/restore': restore,
    'GET admin/collection/entry/e1/revisions': list,
    'GET admin/collection/entry/e1/revisions/3': snapshot(3, 'Die Stadt baut Wege für Velos.', 'Kurz'),
    'GET admin/collection/entry/e1/revisions/4': snapshot(4, 'Die Stadt plant Wege für Velos.', 'Kurz'),
    'GET admin/collection/entry/e1/revisions/2': snapshot(2, 'Die Stadt baut Wege für Velos.', 'Lang'),
  });
  renderScreen(
    <RevisionsSection
      id="e1"
      currentRevision={4}
      uiSchema={uiSchema}
      isDirty={isDirty}
      isDeleted={false}
      onRestored={onRestored}
    />,
  );
  return api;
}

afterEach(() => {
  vi.unstubAllGlobals();
  setAuth({ role: 'none', ttl: 0 });
});

describe('defaultPair', () => {
  it('compares since the last decision, else the newest two', () => {
    const revisions = list.data as Parameters<typeof defaultPair>[0];
    expect(defaultPair(revisions, list.meta.last_decision as never)).toEqual({ from: 3, to: 4 });
    expect(defaultPair(revisions, null)).toEqual({ from: 3, to: 4 });
    expect(defaultPair(revisions.slice(2), null)).toEqual({ from: 1, to: 2 });
    expect(defaultPair([], null)).toBeNull();
  });
});

describe('the revisions section', () => {
  it('shows the changes since your rejection: only the changed words, in ins and del with their names', async () => {
    setAuth({ role: 'mod', ttl: Math.floor(Date.now() / 1000) + 3600, username: 'mira' });
    renderSection();
    expect(await screen.findByText('Seit deiner Ablehnung')).toBeInTheDocument();
    const field = await screen.findByRole('heading', { name: 'Text', level: 3 });
    const box = field.parentElement as HTMLElement;
    const inserted = box.querySelectorAll('ins [data-diff-text]');
    const deleted = box.querySelectorAll('del [data-diff-text]');
    expect([...inserted].map((e) => e.textContent)).toEqual(['plant']);
    expect([...deleted].map((e) => e.textContent)).toEqual(['baut']);
    // Not colour alone: screen readers hear what changed.
    expect(within(box).getByText(/\[eingefügt:/)).toBeInTheDocument();
    expect(within(box).getByText(/\[entfernt:/)).toBeInTheDocument();
    // Unchanged fields are only counted.
    expect(screen.queryByRole('heading', { name: 'Vorspann' })).not.toBeInTheDocument();
    expect(screen.getByText('3 weitere Felder sind unverändert.')).toBeInTheDocument();
  });

  it('names another moderator’s decision, and compares any two revisions chosen', async () => {
    setAuth({ role: 'mod', ttl: Math.floor(Date.now() / 1000) + 3600, username: 'otto' });
    renderSection();
    expect(await screen.findByText('Seit der Ablehnung durch mira')).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Ältere Version' }), '2');
    const lead = await screen.findByRole('heading', { name: 'Vorspann', level: 3 });
    const box = lead.parentElement as HTMLElement;
    expect([...box.querySelectorAll('del [data-diff-text]')].map((e) => e.textContent)).toEqual(['Lang']);
    expect([...box.querySelectorAll('ins [data-diff-text]')].map((e) => e.textContent)).toEqual(['Kurz']);
    expect(screen.queryByText('Seit der Ablehnung durch mira')).not.toBeInTheDocument();
    expect(screen.getByText('Version 2 verglichen mit Version 4.')).toBeInTheDocument();
  });

  it('restores the older revision with the current revision named, after confirming', async () => {
    const onRestored = vi.fn();
    const restored = { meta: {}, data: { revision: 5 } };
    const sent: unknown[] = [];
    renderSection(onRestored, false, ({ body }) => {
      sent.push(body);
      return sent.length === 1 ? errorResponse(409, 'CONFLICT') : restored;
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Version 3 wiederherstellen' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Version 3 wiederherstellen' }));
    expect(await screen.findByText(/inzwischen gespeichert/)).toBeInTheDocument();
    expect(onRestored).not.toHaveBeenCalled();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await userEvent.click(screen.getByRole('button', { name: 'Version 3 wiederherstellen' }));
    const again = await screen.findByRole('dialog');
    await userEvent.click(within(again).getByRole('button', { name: 'Version 3 wiederherstellen' }));
    await waitFor(() => expect(onRestored).toHaveBeenCalledWith(restored, 3));
    expect(sent).toEqual([{ revision: 4 }, { revision: 4 }]);
  });

  it('keeps restoring off while the form has unsaved changes', async () => {
    renderSection(vi.fn(), true);
    expect(await screen.findByRole('button', { name: 'Version 3 wiederherstellen' })).toBeDisabled();
    expect(screen.getByText(/Speichere oder verwirf zuerst deine Änderungen/)).toBeInTheDocument();
  });
});
