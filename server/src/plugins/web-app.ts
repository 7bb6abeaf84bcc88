import { stat } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { ROUTER_BASE } from '@einwurf/contract';
import { AppError } from '../errors.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';

// The schema builder compiles pasted schemas with Ajv, which needs eval; only that document may, so
// every other screen keeps a CSP without 'unsafe-eval' (their validators are compiled at build time).
const EVAL_DOCUMENTS = new Set(['schema-builder', 'schema-builder/']);

function allowEval(reply: FastifyReply): void {
  const policy = reply.getHeader('content-security-policy');
  if (typeof policy === 'string') {
    reply.header(
      'content-security-policy',
      policy.replace("script-src 'self'", "script-src 'self' 'unsafe-eval'"),
    );
  }
}

async function isFile(file: string): Promise<boolean> {
  try {
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}

/**
 * The built web app under /publish/: hashed assets cached for a year, everything else revalidated,
 * and any other path answered with index.html so the app's history routing works on reload. Files
 * the build precompressed (web/vite.config.ts) go out as their .br or .gz sibling, as the request's
 * Accept-Encoding prefers, with `Vary: Accept-Encoding`; the favicon is also at /favicon.ico, where
 * browsers ask for it on pages that name none (the API's documents, the reader's feeds).
 */
export async function webApp(app: FastifyInstance, options: { webDist: string }): Promise<void> {
  const root = path.resolve(options.webDist);
  await app.register(fastifyStatic, { root, serve: false, preCompressed: true });

  const sendIndex = async (reply: FastifyReply) => {
    if (!(await isFile(path.join(root, 'index.html')))) {
      return reply.code(503).type('text/plain; charset=utf-8').send('web app not built: run npm run build\n');
    }
    reply.header('cache-control', 'no-cache');
    return reply.sendFile('index.html', root, { cacheControl: false });
  };

  app.get('/', { schema: { hide: true } }, async (_request, reply) => reply.redirect(`${ROUTER_BASE}/`));
  app.get(
    '/favicon.ico',
    { schema: { hide: true }, config: { compress: false } },
    async (_request, reply) => {
      if (!(await isFile(path.join(root, 'favicon.ico')))) throw new AppError('NOT_FOUND', 'no favicon');
      reply.header('cache-control', 'no-cache');
      return reply.sendFile('favicon.ico', root, { cacheControl: false });
    },
  );
  app.get(ROUTER_BASE, { schema: { hide: true } }, async (_request, reply) =>
    reply.redirect(`${ROUTER_BASE}/`),
  );

  app.get(
    `${ROUTER_BASE}/*`,
    { schema: { hide: true }, config: { compress: false } },
    async (request, reply) => {
      const relative = (request.params as { '*': string })['*'];
      const file = path.resolve(root, relative);
      const inside = file.startsWith(root + path.sep);
      if (inside && relative !== 'index.html' && (await isFile(file))) {
        const name = path.relative(root, file);
        if (name.startsWith(`assets${path.sep}`)) {
          reply.header('cache-control', IMMUTABLE);
        } else {
          reply.header('cache-control', 'no-cache');
          // The worker lives at /publish/sw.js and controls the whole app below /publish/.
          if (name === 'sw.js') reply.header('service-worker-allowed', `${ROUTER_BASE}/`);
        }
        return reply.sendFile(name, root, { cacheControl: false });
      }
      // A missing hashed asset is a stale page asking for an old build: HTML in its place would only
      // fail as a script with a confusing error, so it is a plain 404.
      if (relative.startsWith('assets/')) throw new AppError('NOT_FOUND', 'no such asset');
      if (EVAL_DOCUMENTS.has(relative)) allowEval(reply);
      return sendIndex(reply);
    },
  );
}
