import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderRoutes } from '../../test/render';
import { Component as ExternalPage } from './external-route';

function renderExternal(search: string) {
  return renderRoutes(
    [
      { path: '/external', element: <ExternalPage /> },
      { path: '/', element: <h1>home</h1> },
    ],
    `/external${search}`,
  );
}

describe('external link page', () => {
  it('shows a valid destination with Open (a real link) and Cancel', async () => {
    const destination = 'https://example.org/path?q=1';
    const { router } = renderExternal(`?destination=${encodeURIComponent(destination)}`);
    expect(screen.getByRole('heading', { level: 1, name: 'Externer Link' })).toBeInTheDocument();
    expect(screen.getByText(destination)).toBeInTheDocument();
    const open = screen.getByRole('link', { name: 'Öffnen' });
    expect(open).toHaveAttribute('href', destination);
    expect(open).toHaveAttribute('rel', 'noopener noreferrer');
    await userEvent.click(screen.getByRole('button', { name: 'Abbrechen' }));
    expect(router.state.location.pathname).toBe('/');
  });

  it.each(['?destination=javascript%3Aalert(1)', '?destination=%2Fpublish%2Fabout', ''])(
    'shows "Ungültige URL" for %s',
    (search) => {
      renderExternal(search);
      expect(screen.getByRole('alert')).toHaveTextContent('Ungültige URL');
      expect(screen.queryByRole('link', { name: 'Öffnen' })).not.toBeInTheDocument();
    },
  );
});
