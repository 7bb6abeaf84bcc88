import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** One request a receiver got, with what it answered. */
export type ReceivedWebhook = {
  headers: IncomingHttpHeaders;
  body: string;
  /** The body's `type`. */
  type: string;
  /** The body's `data`. */
  data: Record<string, unknown>;
  status: number;
  path: string;
};

/** How the receiver answers one request: a status (200 by default) after a delay, and headers. */
export type ReceiverAnswer = { status?: number; delayMs?: number; headers?: Record<string, string> };

/** A real HTTP receiver on 127.0.0.1 for webhook tests; `answer` decides each response. */
export type WebhookReceiver = {
  readonly url: string;
  readonly port: number;
  readonly received: ReceivedWebhook[];
  /** `index` counts the requests that arrived before this one. */
  answer: (request: { type: string; index: number; path: string }) => ReceiverAnswer;
  /** Waits until `predicate` holds for what was received (polling), or fails after `timeoutMs`. */
  waitFor(predicate: (received: ReceivedWebhook[]) => boolean, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
};

/** Starts a receiver on the given port (0: any free one). */
export async function startWebhookReceiver(port = 0): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  let arrivals = 0;
  const sockets = new Set<Socket>();
  const receiver: WebhookReceiver = {
    url: '',
    port: 0,
    received,
    answer: () => ({ status: 200 }),
    async waitFor(predicate, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (!predicate(received)) {
        if (Date.now() > deadline) {
          throw new Error(
            `the receiver did not get what was expected within ${timeoutMs} ms; it got: ${JSON.stringify(
              received.map((r) => [r.type, r.status]),
            )}`,
          );
        }
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    close: async () => {},
  };
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      let parsed: { type?: unknown; data?: unknown } = {};
      try {
        parsed = JSON.parse(body) as typeof parsed;
      } catch {
        parsed = {};
      }
      const type = typeof parsed.type === 'string' ? parsed.type : '';
      const path = request.url ?? '/';
      const answer = receiver.answer({ type, index: arrivals++, path });
      const status = answer.status ?? 200;
      const respond = () => {
        received.push({
          headers: request.headers,
          body,
          type,
          data: (parsed.data ?? {}) as Record<string, unknown>,
          status,
          path,
        });
        response.writeHead(status, { 'content-type': 'text/plain', ...answer.headers });
        response.end('ok');
      };
      if (answer.delayMs) setTimeout(respond, answer.delayMs);
      else respond();
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  const actualPort = (server.address() as AddressInfo).port;
  Object.assign(receiver, {
    port: actualPort,
    url: `http://127.0.0.1:${actualPort}/hook`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  });
  return receiver;
}
