import type * as Undici from 'undici';
import { VERSION } from '../../version.ts';
import { checkHost, guardedLookup, literalAddressOf } from './address-guard.ts';
import { signWebhook } from './signature.ts';

/** What one attempt gave: the receiver's status code (null when none came), time taken, the error. */
export type AttemptResult = {
  ok: boolean;
  statusCode: number | null;
  durationMs: number;
  error: string | null;
};

export type WebhookMessage = { url: string; secret: string; messageId: string; payload: string };

export type WebhookSender = {
  send(message: WebhookMessage): Promise<AttemptResult>;
  close(): Promise<void>;
};

/** The longest error text kept with an attempt. */
const ERROR_MAX = 500;

function describeError(error: unknown, timeoutMs: number): string {
  if (error instanceof Error) {
    if (error.name === 'TimeoutError' || error.name === 'AbortError') {
      return `no answer within ${timeoutMs} ms`;
    }
    const cause = (error as { cause?: unknown }).cause;
    const detail = cause instanceof Error && cause.message !== error.message ? `: ${cause.message}` : '';
    return `${error.message}${detail}`.slice(0, ERROR_MAX);
  }
  return String(error).slice(0, ERROR_MAX);
}

/**
 * Sends signed webhook requests (Standard Webhooks headers) with a total time-out per attempt. A
 * redirect is not followed: it counts as a failure naming where it pointed. Unless private addresses
 * are allowed, the host is checked before the request and at connect time on the address used.
 */
export function createWebhookSender(options: { timeoutMs: number; allowPrivate: boolean }): WebhookSender {
  const { timeoutMs, allowPrivate } = options;
  // The HTTP client loads with the first webhook: most starts send none.
  let client: Promise<{ agent: Undici.Agent; request: typeof Undici.request }> | undefined;
  const clientOf = () =>
    (client ??= import('undici').then(({ Agent, request }) => ({
      request,
      agent: new Agent({
        connect: { timeout: timeoutMs, ...(allowPrivate ? {} : { lookup: guardedLookup }) },
        headersTimeout: timeoutMs,
        bodyTimeout: timeoutMs,
        keepAliveTimeout: 4000,
      }),
    })));
  return {
    async send(message) {
      const started = performance.now();
      const elapsed = () => Math.round(performance.now() - started);
      try {
        const url = new URL(message.url);
        // Sockets call lookup for names only; an address in the URL is checked here.
        if (!allowPrivate && literalAddressOf(url.hostname) !== undefined) await checkHost(url.hostname);
        const { agent, request } = await clientOf();
        const timestamp = Math.floor(Date.now() / 1000);
        const response = await request(url, {
          method: 'POST',
          dispatcher: agent,
          signal: AbortSignal.timeout(timeoutMs),
          headers: {
            'content-type': 'application/json',
            'user-agent': `Einwurf-Webhooks/${VERSION}`,
            'webhook-id': message.messageId,
            'webhook-timestamp': String(timestamp),
            'webhook-signature': signWebhook(message.secret, message.messageId, timestamp, message.payload),
          },
          body: message.payload,
        });
        // The answer's body is not used; a little is read so the connection can be reused.
        await response.body.dump({ limit: 64 * 1024 }).catch(() => {});
        const statusCode = response.statusCode;
        if (statusCode >= 200 && statusCode < 300) {
          return { ok: true, statusCode, durationMs: elapsed(), error: null };
        }
        const location = response.headers['location'];
        const error =
          statusCode >= 300 && statusCode < 400
            ? `redirect to ${String(location ?? '(no location)').slice(0, 200)} not followed`
            : `HTTP ${statusCode}`;
        return { ok: false, statusCode, durationMs: elapsed(), error };
      } catch (error) {
        return { ok: false, statusCode: null, durationMs: elapsed(), error: describeError(error, timeoutMs) };
      }
    },
    async close() {
      if (client) await (await client).agent.close();
    },
  };
}
