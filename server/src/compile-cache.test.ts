import { mkdtemp, readdir, rm } from 'node:fs/promises';
import module from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { keepCompiledCode } from './compile-cache.ts';
import { startServerProcess } from './test/server-process.ts';

const dirs: string[] = [];
afterEach(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

const hasCompileCache = 'enableCompileCache' in module;

describe.runIf(!hasCompileCache)('the compile cache on Node 20', () => {
  it('is not there, and asking for it changes nothing', () => {
    expect(keepCompiledCode()).toBeUndefined();
  });
});

describe.runIf(hasCompileCache)('the compile cache (Node 22.1 and later)', () => {
  it("keeps the compiled code of the server's modules in the temporary folder from the first start", async () => {
    const tmp = await mkdtemp(path.join(os.tmpdir(), 'einwurf-compile-cache-'));
    dirs.push(tmp);
    const dataDir = path.join(tmp, 'data');
    // Without NODE_COMPILE_CACHE (which would make Node keep a cache by itself), only the server's call does.
    const { child, exited } = await startServerProcess(dataDir, { env: { TMPDIR: tmp } });
    child.kill('SIGTERM');
    await exited;
    const [kept] = await readdir(path.join(tmp, 'node-compile-cache'));
    const modules = await readdir(path.join(tmp, 'node-compile-cache', kept!));
    // One file per module compiled: the server's own and its packages', hundreds of them.
    expect(modules.length).toBeGreaterThan(200);
  });
});
