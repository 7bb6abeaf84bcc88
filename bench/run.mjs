// `npm run bench`: runs every bench/*.bench.ts (or the names given) one after another; each writes
// its JSON result to bench/results/<name>.json and prints a summary.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(new URL('.', import.meta.url));
const wanted = process.argv.slice(2);
const benches = readdirSync(here)
  .filter((name) => name.endsWith('.bench.ts'))
  .filter((name) => wanted.length === 0 || wanted.some((w) => name.startsWith(w)));

let failed = 0;
for (const bench of benches) {
  console.log(`\n== ${bench}`);
  const run = spawnSync('npx', ['tsx', bench], { cwd: here, stdio: 'inherit' });
  if (run.status !== 0) failed += 1;
}
process.exit(failed ? 1 : 0);
