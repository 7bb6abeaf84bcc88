import type { FastifyInstance } from 'fastify';

// A graceful stop (SIGTERM from an orchestrator, Ctrl+C): stop accepting, let the requests in flight
// finish, close keep-alive connections as soon as they fall idle (answers sent while closing say
// `Connection: close`), then exit 0; past the grace period, exit 1.

/** Closes each connection after its answer once the app is closing (registered by buildApp). */
export function closeConnectionsWhenClosing(app: FastifyInstance): void {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('Connection', 'close');
    done(null, payload);
  });
}

/**
 * Closes the app and then `release` (the database), within `graceSeconds`; resolves with the exit
 * code: 0 when everything closed in time, 1 otherwise.
 */
export async function shutDown(
  app: FastifyInstance,
  graceSeconds: number,
  release: () => Promise<void>,
): Promise<number> {
  // Connections that fall idle while closing (their answer sent) are closed at once, not after the
  // keep-alive time-out.
  const sweeper = setInterval(() => app.server.closeIdleConnections(), 100);
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<'expired'>((resolve) => {
    timer = setTimeout(() => resolve('expired'), graceSeconds * 1000);
  });
  try {
    const closed = await Promise.race([
      (async () => {
        await app.close();
        await release();
        return 'closed' as const;
      })(),
      expired,
    ]);
    if (closed === 'expired') {
      app.log.error({ graceSeconds }, 'requests still ran when the shutdown grace ended');
      return 1;
    }
    return 0;
  } catch (error) {
    app.log.error({ err: error }, 'shutdown failed');
    return 1;
  } finally {
    clearInterval(sweeper);
    clearTimeout(timer);
  }
}
