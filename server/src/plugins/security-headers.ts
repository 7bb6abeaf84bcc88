import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';

/** Answers under this path are the API's: JSON, and the files and feeds routes describe themselves. */
const API_PATH = '/api/';

/**
 * What an API answer carries: it is read by scripts, never shown as a page, so only what keeps it
 * from being run, framed, sniffed into another type, read by other sites or leaking its address
 * matters. A route may replace one (a file's own policy, a public file readable across origins).
 */
export const API_SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cross-origin-resource-policy': 'same-origin',
});
const API_HEADER_ENTRIES = Object.entries(API_SECURITY_HEADERS);

export type SecurityHeadersOptions = {
  /** The pages' content security policy, as helmet takes it. */
  contentSecurityPolicy: NonNullable<Parameters<typeof helmet>[0]>['contentSecurityPolicy'];
};

/**
 * Security headers: the pages (web app, reader pages, everything outside /api/) get helmet's full
 * set with the given policy, built once; the API's answers the few of API_SECURITY_HEADERS.
 */
async function securityHeaders(app: FastifyInstance, options: SecurityHeadersOptions): Promise<void> {
  const pageHeaders = helmet({
    contentSecurityPolicy: options.contentSecurityPolicy,
    // Plain-http deployments (localhost) must keep working; a proxy in front adds HSTS.
    strictTransportSecurity: false,
    frameguard: { action: 'deny' },
  });
  app.addHook('onRequest', (request, reply, done) => {
    if (request.url.startsWith(API_PATH)) {
      for (const [name, value] of API_HEADER_ENTRIES) reply.header(name, value);
      done();
      return;
    }
    pageHeaders(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined));
  });
}

export default fp(securityHeaders, { name: 'security-headers' });
