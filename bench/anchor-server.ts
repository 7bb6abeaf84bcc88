// The anchor of the throughput bench: a bare Fastify app (no plugins, no logger) whose routes answer
// the JSON the real server answered for the same call, as fast as Fastify serves JSON at all.
// Started as `tsx anchor-server.ts <port> <answers.json>`; answers.json maps "METHOD /route" to
// `{ json }` (a body Fastify serializes) or `{ html }` (a page, sent as it is).
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

/** What the anchor answers for a route: a body Fastify serializes, or a page sent as it is. */
export type AnchorAnswer = { json?: unknown; html?: string };

const [port, file] = process.argv.slice(2);
const answers = JSON.parse(readFileSync(file!, 'utf8')) as Record<string, AnchorAnswer>;

const app = Fastify();
for (const [key, { json, html }] of Object.entries(answers)) {
  const [method, url] = key.split(' ') as ['GET' | 'PUT', string];
  app.route({
    method,
    url,
    handler:
      html === undefined
        ? async () => json
        : async (_request, reply) => reply.type('text/html; charset=utf-8').send(html),
  });
}
app.get('/healthz', async () => ({ status: 'ok' }));
await app.listen({ port: Number(port), host: '127.0.0.1' });
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void app.close().then(() => process.exit(0)));
}
