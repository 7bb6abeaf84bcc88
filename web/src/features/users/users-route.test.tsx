import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { errorResponse, mockApi } from '../../test/mock-api';
import { jsonResponse, renderScreen } from '../../test/render';
import { UsersPage } from './users-route';

const users = {
  data: {
    users: [
      {
        username: 'admin',
        role: 'admin',
        created_at: '2026-11-01T08:00:00.000Z',
        updated_at: '2026-11-01T08:00:00.000Z',
      },
      {
        username: 'bob',
        role: 'mod',
        created_at: '2026-11-02T09:30:00.000Z',
        updated_at: '2026-11-02T09:30:00.000Z',
      },
    ],
  },
};
const RULE =
  'Der Benutzername muss 3–64 Zeichen lang sein, darf nur Buchstaben und Ziffern enthalten und muss eindeutig sein.';

function renderUsers(routes: Parameters<typeof mockApi>[0] = {}) {
  const api = mockApi({ 'GET admin/users': users, ...routes });
  renderScreen(<UsersPage />);
  return api;
}

afterEach(() => vi.unstubAllGlobals());

describe('users', () => {
  it('lists the accounts with role and creation date', async () => {
    renderUsers();
    const row = (await screen.findByRole('rowheader', { name: 'bob' })).closest('tr')!;
    expect(within(row).getByRole('combobox', { name: 'Rolle von bob' })).toHaveValue('mod');
    expect(row).toHaveTextContent('02.11.2026 09:30 UTC');
  });

  it('names every action of a row with its visible words and the account (WCAG 2.5.3)', async () => {
    renderUsers();
    const row = (await screen.findByRole('rowheader', { name: 'bob' })).closest('tr')!;
    const buttons = within(row).getAllByRole('button');
    expect(buttons.length).toBeGreaterThan(3);
    for (const button of buttons) {
      const name = button.getAttribute('aria-label') ?? '';
      expect(name.toLowerCase()).toContain(button.textContent!.trim().toLowerCase());
      expect(name).toContain('bob');
    }
  });

  it('checks name, password and repeat before creating, with the spec’s username message', async () => {
    const { sent } = renderUsers({ 'POST admin/users': jsonResponse({}, { status: 201 }) });
    await screen.findByRole('rowheader', { name: 'bob' });
    const form = screen.getByRole('region', { name: 'Konto anlegen' });
    const user = userEvent.setup();
    await user.type(within(form).getByRole('textbox', { name: /Benutzername/ }), 'ab!');
    const [password, repeat] = within(form).getAllByLabelText(/Passwort/, { selector: 'input' });
    await user.type(password!, 'long-enough-1');
    await user.type(repeat!, 'long-enough-2');
    await user.click(within(form).getByRole('button', { name: 'Konto anlegen' }));
    expect(within(form).getByText(RULE)).toBeInTheDocument();
    expect(within(form).getByText('Die Passwörter stimmen nicht überein.')).toBeInTheDocument();
    expect(sent('POST admin/users')).toHaveLength(0);

    await user.clear(within(form).getByRole('textbox', { name: /Benutzername/ }));
    await user.type(within(form).getByRole('textbox', { name: /Benutzername/ }), 'carol7');
    await user.clear(repeat!);
    await user.type(repeat!, 'long-enough-1');
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Rolle' }), 'admin');
    await user.click(within(form).getByRole('button', { name: 'Konto anlegen' }));
    await waitFor(() => expect(sent('POST admin/users')).toHaveLength(1));
    expect(sent('POST admin/users')[0]!.body).toEqual({
      username: 'carol7',
      password: 'long-enough-1',
      role: 'admin',
    });
    expect(await screen.findByText('Das Konto carol7 ist angelegt.')).toBeInTheDocument();
    await waitFor(() => expect(within(form).getByRole('textbox', { name: /Benutzername/ })).toHaveValue(''));
  });

  it('shows the username message when the server says the name is taken', async () => {
    renderUsers({
      'POST admin/users': errorResponse(409, 'CONFLICT', [
        { field: 'username', keyword: 'unique', message: 'taken' },
      ]),
    });
    await screen.findByRole('rowheader', { name: 'bob' });
    const form = screen.getByRole('region', { name: 'Konto anlegen' });
    const user = userEvent.setup();
    await user.type(within(form).getByRole('textbox', { name: /Benutzername/ }), 'bob');
    for (const input of within(form).getAllByLabelText(/Passwort/, { selector: 'input' })) {
      await user.type(input, 'long-enough-1');
    }
    await user.click(within(form).getByRole('button', { name: 'Konto anlegen' }));
    expect(await within(form).findByText(RULE)).toBeInTheDocument();
  });

  it('deletes an account only after its name is typed', async () => {
    const { sent } = renderUsers({ 'DELETE admin/users/bob': new Response(null, { status: 204 }) });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Konto bob löschen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Konto bob löschen?' });
    const confirm = within(dialog).getByRole('button', { name: 'Konto löschen' });
    expect(confirm).toBeDisabled();
    await user.type(within(dialog).getByRole('textbox', { name: 'Name des Kontos' }), 'bo');
    expect(confirm).toBeDisabled();
    await user.type(within(dialog).getByRole('textbox', { name: 'Name des Kontos' }), 'b');
    expect(confirm).toBeEnabled();
    await user.click(confirm);
    await waitFor(() => expect(sent('DELETE admin/users/bob')).toHaveLength(1));
    expect(await screen.findByText('Das Konto bob ist gelöscht.')).toBeInTheDocument();
  });

  it('resets the second factor and ends all sessions of an account, each after its name is typed', async () => {
    const { sent } = renderUsers({
      'DELETE admin/users/bob/second-factor': new Response(null, { status: 204 }),
      'DELETE admin/users/bob/sessions': new Response(null, { status: 204 }),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Zweiten Faktor zurücksetzen für bob' }));
    let dialog = await screen.findByRole('dialog', { name: 'Zweiten Faktor von bob zurücksetzen?' });
    const reset = within(dialog).getByRole('button', { name: 'Zweiten Faktor zurücksetzen' });
    expect(reset).toBeDisabled();
    await user.type(within(dialog).getByRole('textbox', { name: 'Name des Kontos' }), 'bob');
    await user.click(reset);
    await waitFor(() => expect(sent('DELETE admin/users/bob/second-factor')).toHaveLength(1));
    expect(await screen.findByText('Der zweite Faktor von bob ist zurückgesetzt.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Alle Sitzungen beenden für bob' }));
    dialog = await screen.findByRole('dialog', { name: 'Alle Sitzungen von bob beenden?' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name des Kontos' }), 'bob');
    await user.click(within(dialog).getByRole('button', { name: 'Alle Sitzungen beenden' }));
    await waitFor(() => expect(sent('DELETE admin/users/bob/sessions')).toHaveLength(1));
    expect(await screen.findByText('Alle Sitzungen von bob sind beendet.')).toBeInTheDocument();
  });

  it('disables deleting and demoting the last admin, and says why, without asking the server', async () => {
    const { sent } = renderUsers();
    const role = await screen.findByRole('combobox', { name: 'Rolle von admin' });
    const remove = screen.getByRole('button', { name: 'Konto admin löschen' });
    expect(role).toBeDisabled();
    expect(remove).toBeDisabled();
    const why = /letzte Admin-Konto: Es kann weder gelöscht noch zur Moderation herabgestuft werden/;
    expect(role).toHaveAccessibleDescription(why);
    expect(remove).toHaveAccessibleDescription(why);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    // Other accounts keep their actions.
    expect(screen.getByRole('combobox', { name: 'Rolle von bob' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Konto bob löschen' })).toBeEnabled();
    expect(sent('PUT admin/users/admin')).toHaveLength(0);
  });

  it('explains clearly when the server refuses the last admin all the same', async () => {
    // Two admins in the list, but the other was demoted meanwhile: the server has the last word.
    const carol = { ...users.data.users[0]!, username: 'carol' };
    const lastAdmin = () =>
      errorResponse(409, 'LAST_ADMIN', [{ field: 'username', keyword: 'last_admin', message: 'last admin' }]);
    const { sent } = renderUsers({
      'GET admin/users': { data: { users: [...users.data.users, carol] } },
      'DELETE admin/users/admin': lastAdmin,
      'PUT admin/users/admin': lastAdmin,
    });
    const user = userEvent.setup();
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Rolle von admin' }), 'mod');
    expect((await screen.findByText(/letzte Admin-Konto/)).closest('[role=alert]')).not.toBeNull();
    expect(sent('PUT admin/users/admin')[0]!.body).toEqual({ role: 'mod' });
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Rolle von admin' })).toHaveValue('admin'),
    );

    await user.click(screen.getByRole('button', { name: 'Konto admin löschen' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox', { name: 'Name des Kontos' }), 'admin');
    await user.click(within(dialog).getByRole('button', { name: 'Konto löschen' }));
    await waitFor(() => expect(sent('DELETE admin/users/admin')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(
      screen.getByText(/weder gelöscht noch zur Moderation herabgestuft/).closest('[role=alert]'),
    ).not.toBeNull();
  });

  it('sets another account’s password with a repeat', async () => {
    const { sent } = renderUsers({ 'PATCH admin/users/bob': { data: users.data.users[1] } });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Passwort setzen für bob' }));
    const dialog = await screen.findByRole('dialog', { name: 'Passwort von bob setzen' });
    const [password, repeat] = within(dialog).getAllByLabelText(/Passwort/, { selector: 'input' });
    await user.type(password!, 'brand-new-pass');
    await user.type(repeat!, 'brand-new-pass');
    await user.click(within(dialog).getByRole('button', { name: 'Passwort setzen' }));
    await waitFor(() => expect(sent('PATCH admin/users/bob')).toHaveLength(1));
    expect(sent('PATCH admin/users/bob')[0]!.body).toEqual({ password: 'brand-new-pass' });
  });
});
