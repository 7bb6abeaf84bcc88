import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { changeLocale } from '../../lib/i18n';
import { CPTS, mockApi } from '../../test/mock-api';
import { renderScreen } from '../../test/render';
import { DashboardPage } from './dashboard-route';

const dashboard = {
  data: {
    proposals: [
      {
        id: 'e1',
        type: 'article',
        title: 'Neue Velowege',
        state: 'proposed',
        updated_at: '2026-11-21T09:05:00.000Z',
        latest_comment: {
          title: 'Quelle fehlt',
          content: 'Bitte die Quelle nennen.',
          origin: 'moderation',
          created_at: '2026-11-21T10:00:00.000Z',
        },
      },
      {
        id: 'e2',
        type: 'event',
        title: 'Stadtfest',
        state: 'proposed',
        updated_at: '2026-11-20T23:59:00.000Z',
        latest_comment: null,
      },
    ],
    scheduled: [
      { id: 'e3', type: 'article', title: 'Unter Sperrfrist', publish_at: '2099-01-02T08:00:00.000Z' },
    ],
    timeline: [
      {
        entry_id: 'e1',
        entry_title: 'Neue Velowege',
        type: 'article',
        kind: 'state_changed',
        actor: 'mod',
        from_state: 'draft',
        to_state: 'proposed',
        created_at: '2026-11-21T08:00:00.000Z',
        publish_at: null,
      },
      {
        entry_id: 'e9',
        entry_title: 'Weg damit',
        type: 'article',
        kind: 'deleted',
        actor: 'author',
        from_state: 'draft',
        to_state: 'deleted',
        created_at: '2026-11-21T07:00:00.000Z',
        publish_at: null,
      },
      {
        entry_id: 'e3',
        entry_title: 'Unter Sperrfrist',
        type: 'article',
        kind: 'state_changed',
        actor: 'admin',
        from_state: 'proposed',
        to_state: 'published',
        created_at: '2026-11-21T06:30:00.000Z',
        publish_at: '2099-01-02T08:00:00.000Z',
      },
    ],
  },
};

// A collapsed comment is either not rendered or rendered hidden.
function expectCommentHidden() {
  const comment = screen.queryByText('Bitte die Quelle nennen.');
  if (comment) expect(comment).not.toBeVisible();
}

beforeEach(() => {
  mockApi({ 'GET admin/dashboard': dashboard, 'GET admin/config/cpts': CPTS });
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await changeLocale('de');
});

describe('dashboard', () => {
  it('lists scheduled publications with the time they appear, and says when in the timeline', async () => {
    renderScreen(<DashboardPage />);
    const scheduled = await screen.findByRole('region', { name: 'Geplante Veröffentlichungen' });
    const [item] = within(scheduled).getAllByRole('listitem');
    expect(within(item!).getByRole('link', { name: 'Unter Sperrfrist' })).toHaveAttribute(
      'href',
      expect.stringContaining('/e3'),
    );
    expect(item).toHaveTextContent('Erscheint am: 02.01.2099 08:00 UTC');
    const timeline = screen.getByRole('region', { name: 'Letzte Änderungen' });
    expect(timeline).toHaveTextContent(
      'Status geändert: Vorgeschlagen → Veröffentlicht – erscheint am 02.01.2099 08:00 UTC',
    );
  });

  it('lists proposals with type, last update in UTC and a Moderate action', async () => {
    renderScreen(<DashboardPage />);
    const proposals = await screen.findByRole('region', { name: 'Vorgeschlagene Beiträge' });
    const first = within(proposals).getAllByRole('listitem')[0]!;
    expect(within(first).getByRole('heading', { name: 'Neue Velowege' })).toBeInTheDocument();
    expect(await within(first).findByText('Art: Artikel')).toBeInTheDocument();
    expect(first).toHaveTextContent('Zuletzt geändert: 21.11.2026 09:05 UTC');
    expect(within(first).getByRole('link', { name: '„Neue Velowege“ moderieren' })).toHaveAttribute(
      'href',
      '/moderate/article/e1',
    );
    expect(within(proposals).getAllByRole('listitem')[1]).toHaveTextContent('Noch keine Kommentare.');
  });

  it('shows and hides the latest comment with its badge', async () => {
    const user = userEvent.setup();
    renderScreen(<DashboardPage />);
    const toggle = await screen.findByRole('button', { name: 'Letzten Kommentar anzeigen' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expectCommentHidden();

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(toggle).toHaveAccessibleName('Letzten Kommentar ausblenden');
    // The comment opens with a transition, so it is visible only once that has run.
    await waitFor(() => expect(screen.getByText('Bitte die Quelle nennen.')).toBeVisible());
    expect(screen.getByText('von der Moderation')).toBeVisible();

    await user.click(toggle);
    expect(toggle).toHaveAccessibleName('Letzten Kommentar anzeigen');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await waitFor(expectCommentHidden);
  });

  it('shows the latest changes translated, linking to the entry unless it is deleted', async () => {
    renderScreen(<DashboardPage />);
    const timeline = await screen.findByRole('region', { name: 'Letzte Änderungen' });
    const [changed, deleted] = within(timeline).getAllByRole('listitem');
    expect(changed).toHaveTextContent('Status geändert: Entwurf → Vorgeschlagen · von Moderation');
    expect(within(changed!).getByRole('link', { name: 'Neue Velowege' })).toHaveAttribute(
      'href',
      '/moderate/article/e1',
    );
    expect(deleted).toHaveTextContent('Gelöscht: Entwurf → Gelöscht · von Beitragende Person');
    expect(within(deleted!).queryByRole('link')).not.toBeInTheDocument();
  });

  it('speaks English when asked', async () => {
    await changeLocale('en');
    renderScreen(<DashboardPage />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Overview' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Moderate “Stadtfest”' })).toBeInTheDocument();
  });
});
