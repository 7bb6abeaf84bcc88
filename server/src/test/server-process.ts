import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// The real server as its own process (`src/main.ts` through tsx) on a SQLite file in a data folder,
// for tests of what only a whole process shows: its start and its stop.

const serverDir = fileURLToPath(new URL('../..', import.meta.url));

/** A port nothing listens on right now. */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export type ServerProcess = {
  child: ChildProcess;
  port: number;
  exited: Promise<{ code: number | null; at: number }>;
};

/**
 * Starts the server on `dataDir` with `env` (and `nodeArgs` before the entry) and resolves once
 * /healthz answers, within 30 s. Its stderr shows in the test's output; stdout is dropped.
 */
export async function startServerProcess(
  dataDir: string,
  { env = {}, nodeArgs = [] }: { env?: Record<string, string>; nodeArgs?: string[] } = {},
): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', ...nodeArgs, 'src/main.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      EINWURF_DATA_DIR: dataDir,
      DATABASE_URL: `sqlite:${path.join(dataDir, 'einwurf.sqlite')}`,
      EINWURF_ADMIN_PASSWORD: 'a long enough admin password',
      LOG_LEVEL: 'warn',
      REDIS_URL: '',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<{ code: number | null; at: number }>((resolve) =>
    child.once('exit', (code) => resolve({ code, at: Date.now() })),
  );
  const deadline = Date.now() + 30_000;
  for (;;) {
    const up = await fetch(`http://127.0.0.1:${port}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return { child, port, exited };
    if (Date.now() > deadline || child.exitCode !== null) {
      child.kill('SIGKILL');
      throw new Error('the server did not start');
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
