import type { FastifyInstance, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';

// The OpenAPI document of every route, built the first time it is asked for. @fastify/swagger and
// what it needs (yaml, a reference resolver: a few hundred modules) load only then, not at start: the
// routes are kept as they are added (what the library's own route hook keeps), and the document is
// built from them by the library's plugin, run on a stand-in that replays them once the app is ready.

declare module 'fastify' {
  interface FastifyInstance {
    /** The OpenAPI document of the app's routes (built at the first call, then kept). */
    openapi(): Promise<Record<string, unknown>>;
  }
}

type Hook = (...args: unknown[]) => unknown;

export type OpenApiOptions = { openapi: Record<string, unknown> };

async function buildDocument(
  options: OpenApiOptions,
  routes: RouteOptions[],
  schemas: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const { fastifySwagger } = await import('@fastify/swagger');
  const hooks = new Map<string, Hook>();
  let swagger: (() => Record<string, unknown>) | undefined;
  const standIn = {
    addHook: (name: string, hook: Hook) => hooks.set(name, hook),
    decorate: (_name: string, value: () => Record<string, unknown>) => (swagger = value),
    getSchemas: () => schemas,
  };
  await new Promise<void>((resolve, reject) =>
    fastifySwagger(standIn as unknown as FastifyInstance, { ...options }, (error?: Error) =>
      error ? reject(error) : resolve(),
    ),
  );
  const onRoute = hooks.get('onRoute');
  const onReady = hooks.get('onReady');
  if (!onRoute || !onReady || !swagger) throw new Error('@fastify/swagger did not set up as expected');
  for (const route of routes) onRoute(route);
  await new Promise<void>((resolve) => onReady(resolve));
  return swagger();
}

export default fp<OpenApiOptions>(
  async (app, options) => {
    const routes: RouteOptions[] = [];
    app.addHook('onRoute', (route) => {
      routes.push(route);
    });
    let ready = false;
    app.addHook('onReady', async () => {
      ready = true;
    });
    let document: Promise<Record<string, unknown>> | undefined;
    app.decorate('openapi', () => {
      if (!ready) return Promise.reject(new Error('the OpenAPI document needs the app to be ready'));
      // A document that failed to build is tried again at the next call.
      return (document ??= buildDocument(options, routes, app.getSchemas()).catch((error: unknown) => {
        document = undefined;
        throw error;
      }));
    });
  },
  { name: 'openapi' },
);
