import { mkdtemp, rm } from 'node:fs/promises';
import type { ChildProcess } from 'node:child_process';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startServerProcess } from './test/server-process.ts';

// SIGTERM, as an orchestrator sends it: the server stops accepting, lets the request in flight finish,
// closes idle keep-alive connections and exits 0 well within EINWURF_SHUTDOWN_GRACE.

describe('SIGTERM', () => {
  let dataDir: string | undefined;
  let child: ChildProcess | undefined;

  afterEach(async () => {
    if (child && child.exitCode === null) child.kill('SIGKILL');
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('finishes the request in flight, drops idle keep-alive connections and exits 0 within the grace', async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'einwurf-shutdown-'));
    const started = await startServerProcess(dataDir, { env: { EINWURF_SHUTDOWN_GRACE: '8' } });
    child = started.child;

    // An idle keep-alive connection, as a browser or proxy keeps one.
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const idle = await fetchWith(agent, started.port, 'GET', '/api/v1/auth');
    expect(idle.status).toBe(200);
    const csrf = { cookie: idle.cookie, 'x-csrf-token': idle.token };

    // A request in flight: its body arrives in two parts, the second after SIGTERM.
    const body = JSON.stringify({ username: 'nobody-here', password: 'not the password' });
    // Its client keeps connections open as long as the server lets it (no client-side time-out).
    const keepForever = new http.Agent({ keepAlive: true });
    const inFlight = new Promise<{ status: number | undefined; connection: string | undefined }>(
      (resolve, reject) => {
        const request = http.request(
          {
            agent: keepForever,
            host: '127.0.0.1',
            port: started.port,
            method: 'POST',
            path: '/api/v1/auth',
            headers: {
              ...csrf,
              'content-type': 'application/json',
              'content-length': Buffer.byteLength(body),
            },
          },
          (response) => {
            response.resume();
            response.on('end', () =>
              resolve({ status: response.statusCode, connection: response.headers.connection }),
            );
          },
        );
        request.on('error', reject);
        request.write(body.slice(0, 10));
        setTimeout(() => {
          started.child.kill('SIGTERM');
          setTimeout(() => request.end(body.slice(10)), 700);
        }, 300);
      },
    );

    const signalled = Date.now() + 300;
    const answer = await inFlight;
    // The login is checked once the whole body is there, after SIGTERM: wrong password, 401.
    expect(answer.status).toBe(401);
    expect(answer.connection).toBe('close');
    const { code, at } = await started.exited;
    expect(code).toBe(0);
    expect(at - signalled).toBeLessThan(3_000);
    // New connections are refused once it has stopped.
    await expect(fetch(`http://127.0.0.1:${started.port}/healthz`)).rejects.toThrow();
    agent.destroy();
    keepForever.destroy();
  }, 60_000);
});

function fetchWith(
  agent: http.Agent,
  port: number,
  method: string,
  url: string,
): Promise<{ status: number | undefined; cookie: string; token: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request({ host: '127.0.0.1', port, method, path: url, agent }, (response) => {
      response.resume();
      const cookie = (response.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]).join('; ');
      const token = String(response.headers['x-csrf-token'] ?? '');
      response.on('end', () => resolve({ status: response.statusCode, cookie, token }));
    });
    request.on('error', reject);
    request.end();
  });
}
