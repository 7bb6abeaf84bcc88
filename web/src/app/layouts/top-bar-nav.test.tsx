import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { clearAuth, setAuth } from '../../lib/auth-store';
import { clearCurrentEntry, writeCurrentEntry } from '../../lib/current-entry';
import { mockApi } from '../../test/mock-api';
import { renderScreen } from '../../test/render';
import { TopBarNav } from './top-bar-nav';

const inAnHour = () => Math.floor(Date.now() / 1000) + 3600;
const entry = (unread: number) => ({
  meta: { version: '1', licence: 'CC BY-SA 4.0', unread_moderation_comments: unread },
  data: { id: 'e1', type: 'article', title: 'T', content: '' },
});

afterEach(() => {
  vi.unstubAllGlobals();
  clearAuth();
  clearCurrentEntry();
});

describe('the top bar', () => {
  it("badges the author's entry with moderation's news, on any page", async () => {
    setAuth({ role: 'anon', ttl: inAnHour() });
    writeCurrentEntry({ cpt: 'article', id: 'e1' });
    mockApi({ 'GET anon/e1': entry(2) });
    renderScreen(<TopBarNav direction="row" />, { path: '/about' });
    const link = await screen.findByRole('link', { name: /Mein Beitrag/ });
    expect(await screen.findByText('Neue Nachrichten der Moderation: 2')).toBeInTheDocument();
    expect(link).toHaveTextContent('Mein Beitrag2');
    expect(link).toHaveAttribute('href', '/article/e1');
  });

  it('shows no badge without news, nor asks without an author session', async () => {
    setAuth({ role: 'anon', ttl: inAnHour() });
    writeCurrentEntry({ cpt: 'article', id: 'e2' });
    const { sent } = mockApi({ 'GET anon/e2': entry(0) });
    renderScreen(<TopBarNav direction="row" />);
    await screen.findByRole('link', { name: 'Mein Beitrag' });
    await vi.waitFor(() => expect(sent('GET anon/e2')).toHaveLength(1));
    expect(screen.queryByText(/Neue Nachrichten/)).not.toBeInTheDocument();

    clearAuth();
    writeCurrentEntry({ cpt: 'article', id: 'e3' });
    const other = mockApi({ 'GET anon/e3': entry(3) });
    renderScreen(<TopBarNav direction="row" />);
    expect((await screen.findAllByRole('link', { name: 'Mein Beitrag' })).length).toBeGreaterThan(0);
    expect(other.sent('GET anon/e3')).toHaveLength(0);
  });
});
