// The proof-of-work solver's speed, all on this machine in one run: tries per second of one worker
// and of all workers in headless Chromium (the app's own worker module, bundled as Vite would), the
// machine's limit (`openssl speed` single-core SHA-256 over 64 bytes), Node's createHash per try and
// the contract's @noble/hashes clone per try. Writes bench/results/pow-solver.json.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { chromium } from 'playwright-core';
import { solvePow } from '../contract/src/pow.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/support/chromium.ts';
import { writeResult } from './support.ts';

const SECONDS = 3;
const NONCE = '8f14e45fceea167a5a36dedd4bea2543';
// Never reached in a few seconds, so every worker runs the whole time.
const DIFFICULTY = 60;

const workerSource = fileURLToPath(new URL('../web/src/features/entries/pow/pow-worker.ts', import.meta.url));
const bundled = await build({
  entryPoints: [workerSource],
  bundle: true,
  format: 'esm',
  minify: true,
  write: false,
  target: 'es2022',
});
const workerCode = bundled.outputFiles[0]!.text;

const page = `<!doctype html><html lang="en"><head><title>pow bench</title></head><body><script type="module">
window.measure = (workers, seconds) => new Promise((resolve) => {
  const tries = new Array(workers).fill(0);
  const started = new Array(workers).fill(0);
  const all = [];
  for (let i = 0; i < workers; i++) {
    const worker = new Worker('/pow-worker.js', { type: 'module' });
    all.push(worker);
    worker.onmessage = ({ data }) => {
      if (data.type !== 'progress') return;
      if (!started[i]) started[i] = { at: performance.now(), tries: data.tries };
      tries[i] = { at: performance.now(), tries: data.tries };
    };
    worker.postMessage({ nonce: ${JSON.stringify(NONCE)}, difficulty: ${DIFFICULTY}, start: i, step: workers });
  }
  setTimeout(() => {
    all.forEach((w) => w.terminate());
    // Rates from each worker's first to its last report: start-up and module loading left out.
    const rates = tries.map((last, i) => last && started[i] && last.at > started[i].at
      ? ((last.tries - started[i].tries) / (last.at - started[i].at)) * 1000 : 0);
    resolve({ rates, cores: navigator.hardwareConcurrency });
  }, seconds * 1000);
});
</script></body></html>`;

const server = createServer((request, response) => {
  if (request.url === '/pow-worker.js') {
    response.writeHead(200, { 'content-type': 'text/javascript' });
    response.end(workerCode);
    return;
  }
  response.writeHead(200, { 'content-type': 'text/html' });
  response.end(page);
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const { port } = server.address() as AddressInfo;

type Measured = { rates: number[]; cores: number };
const browser = await chromium.launch({
  executablePath: CHROMIUM_PATH,
  args: CHROMIUM_ARGS,
});
let single: Measured;
let parallel: Measured;
try {
  const tab = await browser.newPage();
  await tab.goto(`http://127.0.0.1:${port}/`);
  await tab.waitForFunction(() => 'measure' in window);
  await tab.evaluate(() =>
    (window as unknown as { measure: (n: number, s: number) => Promise<unknown> }).measure(1, 1),
  );
  single = await tab.evaluate(
    (s) => (window as unknown as { measure: (n: number, s: number) => Promise<Measured> }).measure(1, s),
    SECONDS,
  );
  const cores = await tab.evaluate(() => navigator.hardwareConcurrency);
  parallel = await tab.evaluate(
    ([n, s]) => (window as unknown as { measure: (n: number, s: number) => Promise<Measured> }).measure(n, s),
    [cores, SECONDS] as const,
  );
} finally {
  await browser.close();
  server.close();
}

// `openssl speed` counts CPU time by default, the browser and Node figures are wall-clock time; with
// `-elapsed` openssl counts wall-clock time too, so on a busy machine both ratios are reported.
function opensslRate(elapsed: boolean): { hashes_per_second: number; raw: string } {
  const args = [
    'speed',
    ...(elapsed ? ['-elapsed'] : []),
    '-bytes',
    '64',
    '-seconds',
    String(SECONDS),
    'sha256',
  ];
  const out = execFileSync('openssl', args, {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const line = out.split('\n').find((l) => /^sha256\s/.test(l)) ?? '';
  const match = /([\d.]+)k\s*$/.exec(line.trim());
  if (!match) throw new Error(`cannot read openssl's answer: ${line}`);
  return { hashes_per_second: Math.round((Number(match[1]) * 1000) / 64), raw: line.trim() };
}

function perSecond(run: (count: number) => void): number {
  let count = 10_000;
  for (;;) {
    const started = performance.now();
    run(count);
    const ms = performance.now() - started;
    if (ms > SECONDS * 1000 * 0.5) return Math.round((count / ms) * 1000);
    count *= 2;
  }
}

const openssl = opensslRate(false);
const opensslWall = opensslRate(true);
const nodeCreateHash = perSecond((count) => {
  for (let i = 0; i < count; i++)
    createHash('sha256')
      .update(NONCE + i)
      .digest();
});
const nobleClone = perSecond((count) => void solvePow(NONCE, 63, { maxTries: count }));

const perWorker = Math.round(single.rates[0] ?? 0);
const allWorkers = Math.round(parallel.rates.reduce((sum, r) => sum + r, 0));
const ratio = (a: number, b: number) => Number((a / b).toFixed(2));

writeResult('pow-solver', {
  machine: { cpus: cpus().length, model: cpus()[0]?.model ?? 'unknown', browser_cores: parallel.cores },
  seconds_per_measurement: SECONDS,
  tries_per_second: {
    chromium_one_worker: perWorker,
    chromium_all_workers: allWorkers,
    chromium_each_worker_when_all_run: parallel.rates.map(Math.round),
    openssl_sha256_64_bytes_one_core: openssl.hashes_per_second,
    openssl_sha256_64_bytes_one_core_wall_clock: opensslWall.hashes_per_second,
    node_create_hash_per_try: nodeCreateHash,
    noble_clone_per_try_node: nobleClone,
  },
  ratios: {
    one_worker_to_openssl: ratio(perWorker, openssl.hashes_per_second),
    one_worker_to_openssl_wall_clock: ratio(perWorker, opensslWall.hashes_per_second),
    one_worker_to_node_create_hash: ratio(perWorker, nodeCreateHash),
    one_worker_to_noble_clone: ratio(perWorker, nobleClone),
    all_workers_to_one_worker: ratio(allWorkers, perWorker),
  },
  goal: {
    one_worker_at_least_quarter_of_openssl: perWorker >= openssl.hashes_per_second / 4,
  },
  openssl_line: openssl.raw,
  openssl_wall_clock_line: opensslWall.raw,
  load_average_at_end: loadavg().map((n) => Number(n.toFixed(2))),
  worker_bundle_bytes: workerCode.length,
});
