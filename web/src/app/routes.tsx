import type { QueryClient } from '@tanstack/react-query';
import { redirect, type LoaderFunction, type RouteObject } from 'react-router';
import { CHUNK_LOAD_TIMEOUT_MS } from '../lib/contract';
import { RouteErrorPage } from '../components/route-error-page';
import { getRole } from '../lib/auth-store';
import { withChunkTimeout } from '../lib/lazy-route';
import { ensureAuthLoaded } from '../lib/session';
import {
  ADMIN_ACCESS,
  AUTHOR_ACCESS,
  MODERATION_ACCESS,
  PUBLIC_ACCESS,
  resolveAccess,
  type RouteAccess,
} from './access';
import { BackOfficeLayout, PublicLayout } from './layouts/app-frame';
import { paths, routePatterns, type RouteName } from '../lib/paths';
import { RootShell } from './root-shell';
import { entryTypesQueryOptions } from '../features/home/api/get-entry-types';

/** Route metadata, readable through useMatches(). */
export type RouteHandle = { name: RouteName; access: RouteAccess };

export type AppRoutesOptions = {
  /** How long a lazy screen may take to load before the error page shows (spec: 120 s). */
  chunkTimeoutMs?: number;
  /** Resolves once the start-up login refresh settled; the guard waits for it. */
  authReady?: () => Promise<void>;
  /** The app's query client: a screen's data starts loading with its chunk (without one, once it renders). */
  queryClient?: QueryClient;
};

type RouteModule = { Component: React.ComponentType };

const NothingYet = () => null;

export function createAppRoutes({
  chunkTimeoutMs = CHUNK_LOAD_TIMEOUT_MS,
  authReady = ensureAuthLoaded,
  queryClient,
}: AppRoutesOptions = {}): RouteObject[] {
  const lazy = (load: () => Promise<RouteModule>) => () => withChunkTimeout(load, chunkTimeoutMs);

  const guard =
    (name: RouteName, access: RouteAccess): LoaderFunction =>
    async ({ params }) => {
      await authReady();
      const to = resolveAccess(access, getRole(), { name, params });
      if (to) throw redirect(to);
      return null;
    };

  const route = (
    name: RouteName,
    path: string | undefined,
    access: RouteAccess,
    load: () => Promise<RouteModule>,
  ): RouteObject => {
    const handle: RouteHandle = { name, access };
    const common = {
      handle,
      lazy: lazy(load),
      ...(access.requiresAuth ? { loader: guard(name, access) } : {}),
    };
    return path === undefined ? { index: true, ...common } : { path, ...common };
  };

  /**
   * A screen whose data is asked for as soon as the screen is (after its guard), beside its chunk,
   * rather than once the screen has rendered: it then renders once, with its data, instead of a
   * loader first. Not awaited: a late answer shows the screen's own loader.
   */
  const withData = (screen: RouteObject, load: (client: QueryClient) => Promise<unknown>): RouteObject => {
    if (queryClient === undefined) return screen;
    const guard = screen.loader as LoaderFunction | undefined;
    return {
      ...screen,
      loader: async (args) => {
        const guarded: unknown = guard === undefined ? null : await guard(args);
        void load(queryClient);
        return guarded;
      },
    } as RouteObject;
  };

  const pick =
    <M,>(load: () => Promise<M>, choose: (module: M) => React.ComponentType) =>
    () =>
      load().then((module) => ({ Component: choose(module) }));

  const errors = () => import('../features/errors/error-routes');

  return [
    {
      element: <RootShell />,
      errorElement: <RouteErrorPage asMain />,
      // Nothing shows while the first screen loads; without a fallback React Router warns at every
      // start (a console write and an error thrown and caught in the start's longest task).
      HydrateFallback: NothingYet,
      children: [
        {
          element: <PublicLayout />,
          children: [
            {
              errorElement: <RouteErrorPage />,
              children: [
                withData(
                  route('home', undefined, PUBLIC_ACCESS, () => import('../features/home/home-route')),
                  (client) => client.prefetchQuery(entryTypesQueryOptions),
                ),
                route(
                  'createCPT',
                  routePatterns.createCPT,
                  PUBLIC_ACCESS,
                  () => import('../features/entries/create-route'),
                ),
                route(
                  'login',
                  routePatterns.login,
                  PUBLIC_ACCESS,
                  () => import('../features/auth/login-route'),
                ),
                route(
                  'about',
                  routePatterns.about,
                  PUBLIC_ACCESS,
                  () => import('../features/about/about-route'),
                ),
                route(
                  'componentsDemo',
                  routePatterns.componentsDemo,
                  PUBLIC_ACCESS,
                  pick(
                    () => import('../features/components-demo/components-demo-page'),
                    (m) => m.default,
                  ),
                ),
                route(
                  'schemaBuilder',
                  routePatterns.schemaBuilder,
                  PUBLIC_ACCESS,
                  pick(
                    () => import('../features/schema-builder/schema-builder-page'),
                    (m) => m.default,
                  ),
                ),
                route(
                  'external',
                  routePatterns.external,
                  PUBLIC_ACCESS,
                  () => import('../features/external/external-route'),
                ),
                route(
                  'notFound',
                  routePatterns.notFound,
                  PUBLIC_ACCESS,
                  pick(errors, (m) => m.NotFoundPage),
                ),
                route(
                  'serverError',
                  routePatterns.serverError,
                  PUBLIC_ACCESS,
                  pick(errors, (m) => m.ServerErrorPage),
                ),
                route(
                  'tooManyRequests',
                  routePatterns.tooManyRequests,
                  PUBLIC_ACCESS,
                  pick(errors, (m) => m.TooManyRequestsPage),
                ),
                route(
                  'tooLarge',
                  routePatterns.tooLarge,
                  PUBLIC_ACCESS,
                  pick(errors, (m) => m.TooLargePage),
                ),
                route(
                  'editCPT',
                  routePatterns.editCPT,
                  AUTHOR_ACCESS,
                  () => import('../features/entries/edit-route'),
                ),
                route(
                  'editCPTPreAuth',
                  routePatterns.editCPTPreAuth,
                  PUBLIC_ACCESS,
                  () => import('../features/auth/pre-auth-route'),
                ),
                route(
                  'proposedCPT',
                  routePatterns.proposedCPT,
                  PUBLIC_ACCESS,
                  () => import('../features/entries/proposed-route'),
                ),
              ],
            },
          ],
        },
        {
          element: <BackOfficeLayout />,
          children: [
            {
              errorElement: <RouteErrorPage />,
              children: [
                {
                  path: routePatterns.admin,
                  children: [
                    route(
                      'adminDashboard',
                      undefined,
                      MODERATION_ACCESS,
                      () => import('../features/dashboard/dashboard-route'),
                    ),
                    route(
                      'adminSubmissions',
                      routePatterns.adminSubmissions,
                      MODERATION_ACCESS,
                      () => import('../features/submissions/submissions-route'),
                    ),
                    route(
                      'adminUsers',
                      routePatterns.adminUsers,
                      ADMIN_ACCESS,
                      () => import('../features/users/users-route'),
                    ),
                    route(
                      'adminWebhooks',
                      routePatterns.adminWebhooks,
                      ADMIN_ACCESS,
                      () => import('../features/webhooks/webhooks-route'),
                    ),
                    route(
                      'adminAudit',
                      routePatterns.adminAudit,
                      ADMIN_ACCESS,
                      () => import('../features/audit/audit-route'),
                    ),
                    route(
                      'adminReplyTemplates',
                      routePatterns.adminReplyTemplates,
                      ADMIN_ACCESS,
                      () => import('../features/reply-templates/reply-templates-route'),
                    ),
                    route(
                      'adminProfile',
                      routePatterns.adminProfile,
                      MODERATION_ACCESS,
                      () => import('../features/profile/profile-route'),
                    ),
                    route(
                      'adminHealth',
                      routePatterns.adminHealth,
                      MODERATION_ACCESS,
                      () => import('../features/health/health-route'),
                    ),
                    route(
                      'adminSearch',
                      routePatterns.adminSearch,
                      MODERATION_ACCESS,
                      () => import('../features/search/search-route'),
                    ),
                  ],
                },
                route(
                  'moderateCPT',
                  routePatterns.moderateCPT,
                  MODERATION_ACCESS,
                  () => import('../features/moderate/moderate-route'),
                ),
              ],
            },
          ],
        },
        { path: '*', loader: () => redirect(paths.notFound()) },
      ],
    },
  ];
}
