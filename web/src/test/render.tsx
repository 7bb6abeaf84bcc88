import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { AppProviders, createQueryClient } from '../components/providers';
import '../lib/i18n';

/** Renders routes inside the app's providers, starting at `path`. */
export function renderRoutes(routes: RouteObject[], path = '/') {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { router, ...view };
}

/** Renders one screen at `path` (matched by `pattern`) inside the app's providers. */
export function renderScreen(element: ReactElement, { path = '/', pattern = '*' } = {}) {
  return renderRoutes(
    [
      { path: pattern, element },
      { path: '*', element: <p>elsewhere</p> },
    ],
    path,
  );
}

export function jsonResponse(
  body: unknown,
  init: { status?: number; headers?: Record<string, string> } = {},
) {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status: init.status ?? 200,
    headers: { 'content-type': 'application/json', ...init.headers },
  });
}

/**
 * Waits until the effects of what was drawn have run: Preact runs them after the next paint, so a
 * step that depends on one (React Router's navigation blocker) waits for it as a person would.
 */
export function afterPaint(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)));
}
