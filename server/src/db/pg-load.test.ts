import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

// pg asks at load whether it runs in a Cloudflare Worker: by `navigator.userAgent`, or, where Node
// has no `navigator` (Node 20), by making a fetch Response, which loads Node's fetch implementation
// (about 30 ms of a start on PostgreSQL). Opening a PostgreSQL database must not load it.
describe('opening a PostgreSQL database', () => {
  it("loads pg without Node's fetch implementation and leaves the globals as they were", async () => {
    const script = `
      const before = typeof navigator;
      const { createDatabase } = await import('./src/db/database.ts');
      const db = createDatabase({ dialect: 'postgres', url: 'postgres://nobody@127.0.0.1:1/none' });
      const undici = process.moduleLoadList.some((name) => name.includes('undici'));
      console.log(JSON.stringify({ undici, before, after: typeof navigator }));
      await db.destroy();
    `;
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', script],
      { cwd: new URL('../..', import.meta.url) },
    );
    const seen = JSON.parse(stdout) as { undici: boolean; before: string; after: string };
    expect(seen.undici).toBe(false);
    expect(seen.after).toBe(seen.before);
  });
});
