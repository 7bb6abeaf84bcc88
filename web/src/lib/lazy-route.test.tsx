import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouteErrorPage } from '../components/route-error-page';
import { renderRoutes } from '../test/render';
import { ChunkLoadTimeoutError, withChunkTimeout } from './lazy-route';

describe('withChunkTimeout', () => {
  beforeEach(() => {
    // The router reports the failed load on the console; the page is what this test looks at.
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
  });

  it('rejects when the import takes longer than the timeout', async () => {
    await expect(withChunkTimeout(() => new Promise(() => {}), 5)).rejects.toBeInstanceOf(
      ChunkLoadTimeoutError,
    );
  });

  it('passes a module that loads in time', async () => {
    await expect(withChunkTimeout(() => Promise.resolve({ ok: 1 }), 50)).resolves.toEqual({ ok: 1 });
  });

  it('shows the error page with a reload button, not a blank screen, when a screen never loads', async () => {
    const reload = vi.fn();
    renderRoutes([
      {
        path: '/',
        errorElement: <RouteErrorPage onReload={reload} />,
        lazy: () => withChunkTimeout(() => new Promise<never>(() => {}), 10),
      },
    ]);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Etwas ist schiefgelaufen' }),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Neu laden' }));
    expect(reload).toHaveBeenCalledOnce();
  });

  it('shows the error page when the import fails', async () => {
    renderRoutes([
      {
        path: '/',
        errorElement: <RouteErrorPage />,
        lazy: () =>
          withChunkTimeout(() =>
            Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
          ),
      },
    ]);
    expect(await screen.findByRole('button', { name: 'Neu laden' })).toBeInTheDocument();
  });
});
