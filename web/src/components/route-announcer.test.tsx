import { afterEach, describe, expect, it } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, Outlet } from 'react-router';
import { changeLocale } from '../lib/i18n';
import { showSuccessToast } from '../lib/notify';
import { renderRoutes } from '../test/render';
import { Page } from './page';
import { RouteAnnouncer } from './route-announcer';

afterEach(async () => {
  await changeLocale('de');
});

// The app's root: the screens, then the announcer (app/root-shell.tsx).
const shell = [
  {
    element: (
      <>
        <Outlet />
        <RouteAnnouncer />
      </>
    ),
    children: [
      {
        path: '/',
        element: (
          <Page title="Startseite">
            <Link to="/edit">Bearbeiten</Link>
            <Link to="/?page=2">Seite 2</Link>
          </Page>
        ),
      },
      { path: '/edit', element: <Page title="Beitrag bearbeiten">Text</Page> },
    ],
  },
];

describe('the document title', () => {
  it('names the screen and the app, in the reader’s language', async () => {
    renderRoutes(shell, '/edit');
    await waitFor(() => expect(document.title).toBe('Beitrag bearbeiten – Einwurf'));
    await act(() => changeLocale('en'));
    expect(document.title).toBe('Beitrag bearbeiten – Einwurf');
  });
});

describe('the route announcer', () => {
  it('says nothing and leaves focus alone on the first load', async () => {
    renderRoutes(shell, '/');
    await waitFor(() => expect(document.title).toBe('Startseite – Einwurf'));
    expect(screen.getByRole('status')).toHaveTextContent('');
    expect(document.body).toHaveFocus();
  });

  it('after a navigation focuses the new h1 and announces the screen once', async () => {
    renderRoutes(shell, '/');
    await userEvent.click(screen.getByRole('link', { name: 'Bearbeiten' }));
    const heading = await screen.findByRole('heading', { level: 1, name: 'Beitrag bearbeiten' });
    expect(heading).toHaveFocus();
    expect(document.title).toBe('Beitrag bearbeiten – Einwurf');
    expect(screen.getByRole('status')).toHaveTextContent('Beitrag bearbeiten – Einwurf');
  });

  it('does not move focus when only the query changes', async () => {
    renderRoutes(shell, '/');
    const link = screen.getByRole('link', { name: 'Seite 2' });
    await userEvent.click(link);
    expect(link).toHaveFocus();
    expect(screen.getByRole('status')).toHaveTextContent('');
  });

  it('says a success once, politely, and the toast is no alert', async () => {
    renderRoutes(shell, '/');
    act(() => showSuccessToast('Gespeichert', 'Deine Änderungen sind gespeichert.'));
    expect(screen.getByRole('status')).toHaveTextContent('Deine Änderungen sind gespeichert.');
    expect(await screen.findByRole('note')).toHaveTextContent('Gespeichert');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    // The same message again changes the region, so it is said again.
    const before = screen.getByRole('status').textContent;
    act(() => showSuccessToast('Gespeichert', 'Deine Änderungen sind gespeichert.'));
    expect(screen.getByRole('status').textContent).not.toBe(before);
  });

  it('keeps a success said just before a navigation, after the new screen’s name', async () => {
    const { router } = renderRoutes(shell, '/');
    await waitFor(() => expect(document.title).toBe('Startseite – Einwurf'));
    act(() => {
      showSuccessToast('Beitrag gelöscht', '„Velowege“ ist gelöscht.');
      void router.navigate('/edit');
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Beitrag bearbeiten' })).toHaveFocus();
    expect(screen.getByRole('status')).toHaveTextContent(
      'Beitrag bearbeiten – Einwurf. „Velowege“ ist gelöscht.',
    );
    // The next screen says only its own name.
    act(() => void router.navigate('/'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Startseite' })).toHaveFocus();
    expect(screen.getByRole('status')).toHaveTextContent(/^Startseite – Einwurf$/);
  });
});
