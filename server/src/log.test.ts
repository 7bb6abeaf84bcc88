import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { appAddress, isLogPretty, lazyChildLogger, logStreamFor, OneLinePerRequest } from './log.ts';

const dir = mkdtempSync(join(tmpdir(), 'einwurf-log-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('appAddress', () => {
  it('names localhost for the loopback and every-interface addresses', () => {
    expect(appAddress('127.0.0.1', 8080)).toBe('http://localhost:8080/publish/');
    expect(appAddress('0.0.0.0', 3000)).toBe('http://localhost:3000/publish/');
    expect(appAddress('::', 8080)).toBe('http://localhost:8080/publish/');
  });

  it('names any other host as it is, IPv6 in brackets', () => {
    expect(appAddress('192.168.1.20', 8080)).toBe('http://192.168.1.20:8080/publish/');
    expect(appAddress('fd00::7', 8080)).toBe('http://[fd00::7]:8080/publish/');
    expect(appAddress('einwurf.internal', 80)).toBe('http://einwurf.internal:80/publish/');
  });
});

describe('the log format', () => {
  it('is readable on a terminal or when asked, JSON otherwise', () => {
    expect(isLogPretty('auto', true)).toBe(true);
    expect(isLogPretty('auto', false)).toBe(false);
    expect(isLogPretty('pretty', false)).toBe(true);
    expect(isLogPretty('json', true)).toBe(false);
    expect(logStreamFor('json', { fd: 1, isTTY: true })).toBeUndefined();
    expect(logStreamFor('auto', { fd: 1, isTTY: false })).toBeUndefined();
  });

  it('writes a request as one short line and other records with their fields, without colour off a terminal', async () => {
    const file = join(dir, 'pretty.log');
    const fd = openSync(file, 'w');
    const stream = logStreamFor('pretty', { fd, isTTY: false })!;
    const app = Fastify({ logger: { level: 'info', stream }, logController: new OneLinePerRequest() });
    app.get('/probe', async () => ({ ok: true }));
    await app.inject({ url: '/probe?x=1' });
    app.log.warn({ signal: 'SIGTERM' }, 'shutting down');
    await app.close();
    closeSync(fd);

    const lines = readFileSync(file, 'utf8').trim().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^\[\d\d:\d\d:\d\d\] INFO: req-1 GET \/probe\?x=1 200 in \d+ ms$/);
    expect(lines[1]).toMatch(/^\[\d\d:\d\d:\d\d\] WARN: shutting down \{"signal":"SIGTERM"\}$/);
  });

  it("writes a request's line as pino writes a record of the same fields", async () => {
    const lines: string[] = [];
    const app = Fastify({
      logger: {
        level: 'info',
        stream: { write: (l: string) => lines.push(l) },
        serializers: {
          req: (r: { method: string; url: string; host: string }) => ({
            method: r.method,
            url: r.url,
            host: r.host,
          }),
        },
      },
      logController: new OneLinePerRequest(),
    });
    app.get('/probe', async () => ({ ok: true }));
    // A host with a quote and a backslash: the line escapes them as pino does.
    await app.inject({ url: '/probe?q=%22x%22', headers: { host: 'ein"wurf\\' } });
    const { reqId, req, responseTime } = JSON.parse(lines[0]!) as {
      reqId: string;
      req: { host: string };
      responseTime: number;
    };
    expect(req.host).toBe('ein"wurf\\');
    app.log.info({ reqId, req, res: { statusCode: 200 }, responseTime }, 'request completed');
    await app.close();

    const withoutTime = (line: string) => line.replace(/"time":\d+,/, '');
    expect(lines).toHaveLength(2);
    expect(withoutTime(lines[0]!)).toBe(withoutTime(lines[1]!));
  });

  it('writes one JSON line per request: method, URL, status and time', async () => {
    const lines: string[] = [];
    const app = Fastify({
      logger: { level: 'info', stream: { write: (l: string) => lines.push(l) } },
      logController: new OneLinePerRequest(),
    });
    app.get('/probe', async () => ({ ok: true }));
    await app.inject({ url: '/probe?x=1' });
    await app.inject({ url: '/missing' });
    await app.close();

    expect(lines).toHaveLength(2);
    const [first, second] = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(first).toMatchObject({
      msg: 'request completed',
      req: { method: 'GET', url: '/probe?x=1' },
      res: { statusCode: 200 },
    });
    expect(typeof first!['responseTime']).toBe('number');
    expect(second).toMatchObject({ req: { url: '/missing' }, res: { statusCode: 404 } });
  });
});

describe("a request's logger", () => {
  it('is made when the request logs a line at a written level, with its id', async () => {
    const lines: string[] = [];
    const app = Fastify({
      logger: { level: 'info', stream: { write: (l: string) => lines.push(l) } },
      logController: new OneLinePerRequest(),
      childLoggerFactory: lazyChildLogger,
    });
    app.get('/quiet', async (request) => {
      request.log.debug('not written at info');
      return { ok: true };
    });
    app.get('/speaks', async (request) => {
      request.log.warn({ n: 1 }, 'something to say');
      return { ok: true };
    });
    app.get('/verbose', { logLevel: 'debug' }, async (request) => {
      request.log.debug('written at its route level');
      return { ok: true };
    });
    await app.ready();
    const made = vi.spyOn(app.log, 'child');

    await app.inject({ url: '/quiet' });
    expect(made).not.toHaveBeenCalled();
    await app.inject({ url: '/speaks' });
    await app.inject({ url: '/verbose' });
    expect(made).toHaveBeenCalledTimes(2);
    await app.close();

    const records = lines.map(
      (l) => JSON.parse(l) as { reqId?: string; msg: string; level: number; n?: number },
    );
    expect(records.map((r) => [r.reqId, r.msg])).toEqual([
      ['req-1', 'request completed'],
      ['req-2', 'something to say'],
      ['req-2', 'request completed'],
      ['req-3', 'written at its route level'],
      ['req-3', 'request completed'],
    ]);
    expect(records[1]).toMatchObject({ level: 40, n: 1 });
  });
});
