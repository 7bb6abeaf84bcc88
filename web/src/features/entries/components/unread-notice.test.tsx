import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Comment } from '../../../lib/contract';
import { mockApi } from '../../../test/mock-api';
import { renderScreen } from '../../../test/render';
import { AuthorComments } from './author-comments';
import { UnreadNotice } from './unread-notice';

if (!('fonts' in document) || !document.fonts) {
  const fonts = { addEventListener() {}, removeEventListener() {}, ready: Promise.resolve() };
  Object.defineProperty(document, 'fonts', { configurable: true, value: fonts });
}

const comment = (id: number, origin: Comment['origin'], title: string): Comment => ({
  id,
  title,
  content: `${title}.`,
  origin,
  created_at: `2026-11-2${id}T10:00:00.000Z`,
});
const comments = [
  comment(1, 'moderation', 'Alt'),
  comment(2, 'contributor', 'Antwort'),
  comment(3, 'moderation', 'Neu'),
  comment(4, 'moderation', 'Neuer'),
];

function renderPage(unread: number) {
  mockApi({
    'GET anon/e1/comments': {
      meta: { pagination: { next_page: null } },
      data: comments,
    },
  });
  renderScreen(
    <>
      <UnreadNotice entryId="e1" unread={unread} />
      <AuthorComments entryId="e1" canWrite={false} />
    </>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe("the author's notice of moderation's news", () => {
  it('shows at the top and leads to the first comment the author has not read', async () => {
    const user = userEvent.setup();
    renderPage(2);
    const notice = await screen.findByRole('status');
    expect(notice).toHaveTextContent('Neue Nachricht der Moderation');
    await screen.findByText('Neuer');
    await user.click(screen.getByRole('button', { name: 'Nachricht lesen' }));
    const target = document.getElementById('comment-3');
    expect(target).toHaveTextContent('Neu');
    await waitFor(() => expect(target).toHaveFocus());
  });

  it('is not there when moderation wrote nothing new', async () => {
    renderPage(0);
    await screen.findByText('Neuer');
    expect(screen.queryByText('Neue Nachricht der Moderation')).not.toBeInTheDocument();
  });

  it('can be closed', async () => {
    const user = userEvent.setup();
    renderPage(1);
    await user.click(await screen.findByRole('button', { name: 'Schließen' }));
    expect(screen.queryByText('Neue Nachricht der Moderation')).not.toBeInTheDocument();
  });
});
