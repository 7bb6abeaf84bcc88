import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Comment } from '@einwurf/contract';
import { renderScreen } from '../../test/render';
import { CommentsPanel } from './comments-panel';
import { EntryTimeline } from './entry-timeline';

// jsdom has no FontFaceSet, which Mantine's autosizing textarea listens to.
if (!('fonts' in document) || !document.fonts) {
  const fonts = { addEventListener() {}, removeEventListener() {}, ready: Promise.resolve() };
  Object.defineProperty(document, 'fonts', { configurable: true, value: fonts });
}

const comments: Comment[] = [
  { id: 1, title: 'Frage', content: 'Woher?', origin: 'moderation', created_at: '2026-11-21T10:00:00.000Z' },
  {
    id: 2,
    title: 'Antwort',
    content: 'Vom Amt.',
    origin: 'contributor',
    created_at: '2026-11-21T11:00:00.000Z',
  },
];

describe('CommentsPanel', () => {
  it('works from its props alone and keeps the text when adding fails', async () => {
    const user = userEvent.setup();
    const onAdd = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce(undefined);
    renderScreen(<CommentsPanel comments={comments} onAdd={onAdd} viewer="moderation" />);
    const items = within(screen.getByRole('list', { name: 'Kommentare zum Beitrag' })).getAllByRole(
      'listitem',
    );
    expect(items[0]).toHaveTextContent('von der Moderation');
    expect(items[1]).toHaveTextContent('von der beitragenden Person');
    expect(items[1]).toHaveTextContent('21.11.2026 11:00 UTC');
    expect(screen.queryByText(/sieht deinen Kommentar/)).not.toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: 'Betreff' }), 'Nachtrag');
    await user.type(screen.getByRole('textbox', { name: 'Kommentar' }), 'Hier der Link.');
    await user.click(screen.getByRole('button', { name: 'Kommentar senden' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Der Kommentar konnte nicht gespeichert werden.',
    );
    expect(screen.getByRole('textbox', { name: 'Betreff' })).toHaveValue('Nachtrag');

    await user.click(screen.getByRole('button', { name: 'Kommentar senden' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Betreff' })).toHaveValue(''));
    expect(onAdd).toHaveBeenLastCalledWith({ title: 'Nachtrag', content: 'Hier der Link.' });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('EntryTimeline', () => {
  it('shows the author the same dates as moderation, labelled UTC', () => {
    renderScreen(<CommentsPanel comments={comments} onAdd={vi.fn()} viewer="author" />);
    const list = screen.getByRole('list', { name: /Kommentar/ });
    expect(within(list).getAllByRole('listitem')[1]).toHaveTextContent('21.11.2026 11:00 UTC');
  });

  it('lists events oldest first with what, who and when, and says when there are none', () => {
    const { unmount } = renderScreen(
      <EntryTimeline
        events={[
          {
            kind: 'created',
            actor: 'author',
            from_state: null,
            to_state: 'draft',
            created_at: '2026-11-20T10:00:00.000Z',
            publish_at: null,
          },
          {
            kind: 'state_changed',
            actor: 'admin',
            from_state: 'proposed',
            to_state: 'rejected',
            created_at: '2026-11-21T08:15:00.000Z',
            publish_at: null,
          },
          {
            kind: 'comment_added',
            actor: 'mod',
            from_state: null,
            to_state: null,
            created_at: '2026-11-21T09:00:00.000Z',
            publish_at: null,
          },
        ]}
      />,
    );
    const items = within(screen.getByRole('region', { name: 'Verlauf' })).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Angelegtvon Beitragende Person20.11.2026 10:00 UTC',
      'Status geändert: Vorgeschlagen → Abgelehntvon Admin21.11.2026 08:15 UTC',
      'Kommentar hinzugefügtvon Moderation21.11.2026 09:00 UTC',
    ]);
    unmount();
    renderScreen(<EntryTimeline events={[]} />);
    expect(screen.getByText('Noch keine Ereignisse.')).toBeInTheDocument();
  });
});
