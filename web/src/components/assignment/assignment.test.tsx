import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { clearAuth, setAuth } from '../../lib/auth-store';
import { mockApi, type ApiRequest } from '../../test/mock-api';
import { renderScreen } from '../../test/render';
import { useDescribeEvent } from '../entry/describe-event';
import { AssigneeControl } from './assignee-control';
import { BulkBar } from './bulk-bar';
import { useSelection } from './use-selection';

const STAFF = {
  data: {
    staff: [
      { username: 'Mona', role: 'mod' },
      { username: 'Adam', role: 'admin' },
    ],
  },
};

const entryAnswer = (assignee: string | null) => ({
  meta: { version: '1', licence: 'CC BY-SA 4.0' },
  data: {
    id: 'e1',
    type: 'article',
    state: 'proposed',
    title: 'Beitrag 1',
    created_at: '2026-11-01T10:00:00.000Z',
    updated_at: '2026-11-01T10:00:00.000Z',
    revision: 2,
    content: '',
    publish_at: null,
    assignee,
  },
});

afterEach(() => {
  vi.unstubAllGlobals();
  clearAuth();
});

describe('the selection', () => {
  it('picks entries one by one or the whole page, and forgets those a new page no longer shows', () => {
    const { result, rerender } = renderHook(({ ids }) => useSelection(ids), {
      initialProps: { ids: ['a', 'b', 'c'] },
    });
    expect(result.current).toMatchObject({ selected: [], all: false, some: false });
    act(() => result.current.toggle('b', true));
    expect(result.current).toMatchObject({ selected: ['b'], all: false, some: true });
    act(() => result.current.toggleAll(true));
    expect(result.current).toMatchObject({ all: true, some: false });
    expect(result.current.selected).toHaveLength(3);
    rerender({ ids: ['c', 'd'] });
    expect(result.current).toMatchObject({ selected: ['c'], all: false, some: true });
    act(() => result.current.clear());
    expect(result.current.selected).toEqual([]);
  });
});

describe('the bulk bar', () => {
  const picked = [
    { id: 'e1', title: 'Erster' },
    { id: 'e2', title: 'Zweiter' },
    { id: 'e3', title: '' },
  ];

  it('publishes the picked entries in one step and says which did not change and why', async () => {
    const user = userEvent.setup();
    const onDone = vi.fn();
    const api = mockApi({
      'GET admin/staff': STAFF,
      'POST admin/collection/entries/bulk': {
        data: {
          results: [
            { id: 'e1', ok: true },
            {
              id: 'e2',
              ok: false,
              status: 409,
              code: 'INVALID_TRANSITION',
              message: 'deleted to published is not allowed',
            },
            {
              id: 'e3',
              ok: false,
              status: 400,
              code: 'VALIDATION_FAILED',
              message: 'the entry has invalid or missing fields: data/lead',
            },
          ],
          succeeded: 1,
          failed: 2,
        },
      },
    });
    renderScreen(<BulkBar picked={picked} onDone={onDone} />);
    const toolbar = screen.getByRole('toolbar', { name: 'Aktionen für die ausgewählten Beiträge' });
    expect(within(toolbar).getByText('3 Beiträge ausgewählt')).toBeInTheDocument();
    await user.click(within(toolbar).getByRole('button', { name: 'Veröffentlichen' }));

    const result = await screen.findByRole('status');
    expect(result).toHaveTextContent('1 Beitrag erledigt.');
    expect(result).toHaveTextContent('2 Beiträge nicht geändert:');
    const failures = within(result).getAllByRole('listitem');
    expect(failures[0]).toHaveTextContent('Zweiter');
    expect(failures[0]).toHaveTextContent('deleted to published is not allowed');
    expect(failures[1]).toHaveTextContent('data/lead');
    expect(api.sent('POST admin/collection/entries/bulk')[0]!.body).toEqual({
      ids: ['e1', 'e2', 'e3'],
      action: 'publish',
    });
    expect(onDone).toHaveBeenCalled();
  });

  it('deletes only after the number of entries is typed, and assigns to a chosen colleague', async () => {
    const user = userEvent.setup();
    const answer = ({ body }: ApiRequest) => ({
      data: {
        results: (body as { ids: string[] }).ids.map((id) => ({ id, ok: true })),
        succeeded: (body as { ids: string[] }).ids.length,
        failed: 0,
      },
    });
    const api = mockApi({ 'GET admin/staff': STAFF, 'POST admin/collection/entries/bulk': answer });
    renderScreen(<BulkBar picked={picked} onDone={() => {}} />);

    await user.click(screen.getByRole('button', { name: 'Löschen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Beiträge löschen' });
    const confirm = within(dialog).getByRole('button', { name: 'Löschen' });
    expect(confirm).toBeDisabled();
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Anzahl der Beiträge zur Bestätigung' }),
      '3',
    );
    await user.click(confirm);
    await waitFor(() => expect(api.sent('POST admin/collection/entries/bulk')).toHaveLength(1));
    expect(api.sent('POST admin/collection/entries/bulk')[0]!.body).toMatchObject({ action: 'delete' });

    const select = screen.getByRole('combobox', { name: 'Zuweisen an' });
    await waitFor(() => expect(within(select).getByRole('option', { name: 'Adam' })).toBeInTheDocument());
    await user.selectOptions(select, 'Adam');
    await user.click(screen.getByRole('button', { name: 'Zuweisen' }));
    await waitFor(() => expect(api.sent('POST admin/collection/entries/bulk')).toHaveLength(2));
    expect(api.sent('POST admin/collection/entries/bulk')[1]!.body).toEqual({
      ids: ['e1', 'e2', 'e3'],
      action: 'assign',
      assignee: 'Adam',
    });
  });
});

describe('the assignee', () => {
  it('is taken at once when nobody has the entry', async () => {
    setAuth({ role: 'mod', ttl: Math.floor(Date.now() / 1000) + 3600, username: 'Mona' });
    const user = userEvent.setup();
    const api = mockApi({
      'GET admin/staff': STAFF,
      'PUT admin/collection/entry/e1/assignee': entryAnswer('Mona'),
    });
    renderScreen(<AssigneeControl id="e1" initial={null} />);
    expect(screen.getByTestId('assignee')).toHaveTextContent('Niemand');
    await user.click(screen.getByRole('button', { name: 'Übernehmen' }));
    expect(await screen.findByText('Du hast den Beitrag übernommen.')).toBeInTheDocument();
    expect(api.sent('PUT admin/collection/entry/e1/assignee')[0]!.body).toEqual({ username: 'Mona' });
  });

  it('asks before taking an entry someone else has', async () => {
    setAuth({ role: 'mod', ttl: Math.floor(Date.now() / 1000) + 3600, username: 'Mona' });
    const user = userEvent.setup();
    const api = mockApi({
      'GET admin/staff': STAFF,
      'PUT admin/collection/entry/e1/assignee': entryAnswer('Mona'),
    });
    renderScreen(<AssigneeControl id="e1" initial="Adam" />);
    expect(screen.getByTestId('assignee')).toHaveTextContent('Adam');
    await user.click(screen.getByRole('button', { name: 'Übernehmen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Beitrag übernehmen?' });
    expect(dialog).toHaveTextContent('Adam hat diesen Beitrag übernommen.');
    expect(api.sent('PUT admin/collection/entry/e1/assignee')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Trotzdem übernehmen' }));
    await waitFor(() => expect(api.sent('PUT admin/collection/entry/e1/assignee')).toHaveLength(1));
  });

  it('assigns to a colleague and releases', async () => {
    setAuth({ role: 'mod', ttl: Math.floor(Date.now() / 1000) + 3600, username: 'Mona' });
    const user = userEvent.setup();
    const api = mockApi({
      'GET admin/staff': STAFF,
      'PUT admin/collection/entry/e1/assignee': ({ body }: ApiRequest) =>
        entryAnswer((body as { username: string | null }).username),
    });
    renderScreen(<AssigneeControl id="e1" initial="Mona" />);
    expect(screen.getByTestId('assignee')).toHaveTextContent('Mona (du)');
    const select = screen.getByRole('combobox', { name: 'Zuweisen an' });
    await waitFor(() => expect(within(select).getByRole('option', { name: 'Adam' })).toBeInTheDocument());
    await user.selectOptions(select, 'Adam');
    await user.click(screen.getByRole('button', { name: 'Zuweisen' }));
    expect(await screen.findByText('Der Beitrag ist jetzt Adam zugewiesen.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Freigeben' }));
    await waitFor(() => expect(api.sent('PUT admin/collection/entry/e1/assignee')).toHaveLength(2));
    expect(api.sent('PUT admin/collection/entry/e1/assignee')[1]!.body).toEqual({ username: null });
  });
});

describe('the timeline', () => {
  it('tells who took, assigned or released the entry', () => {
    const { result } = renderHook(() => useDescribeEvent('moderation'));
    const line = (by: string | null, assignee: string | null) =>
      result.current({
        kind: 'assigned',
        actor: 'mod',
        from_state: null,
        to_state: null,
        by,
        assignee,
      }).what;
    expect(line('Mona', 'Mona')).toBe('Mona hat den Beitrag übernommen');
    expect(line('Mona', 'Adam')).toBe('Mona hat den Beitrag Adam zugewiesen');
    expect(line('Mona', null)).toBe('Mona hat den Beitrag freigegeben');
    expect(line(null, 'Adam')).toBe('Ein gelöschtes Konto hat den Beitrag Adam zugewiesen');
  });
});
