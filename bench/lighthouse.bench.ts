// Lighthouse performance of the pages a visitor lands on: home, create (an article), login and a
// published entry's reader page, from the compiled server (what production runs) on a seeded SQLite
// data folder, in Debian's Chromium (CHROMIUM_PATH, default /usr/bin/chromium). Each page is scored in
// Lighthouse's desktop configuration and in its default (mobile, simulated throttling); the anchor is
// a plain HTML page served from this process in the same run, scored the same way, whose score says
// how much the machine's load cost. Goals: desktop >= 98 and mobile >= 90 on every page.
// BENCH_RUNS scores each page that many times (default 3) and keeps the median.
import { spawn, spawnSync } from 'node:child_process';
import { createServer } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Flags } from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/support/chromium.ts';
import { isBuildFresh } from '../scripts/bundle-budget.mjs';
import { buildServer, isServerBuildFresh } from '../server/build.mjs';
import { einwurf, endTree, track, waitForHealth, writeResult } from './support.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const RUNS = Number(process.env['BENCH_RUNS'] ?? 3);
const PORT = 22000 + Math.floor(Math.random() * 1000);
const GOALS = { desktop: 98, mobile: 90 } as const;
// What the goal's audits are made of, kept beside the score to see what moved it.
const METRICS = [
  'first-contentful-paint',
  'largest-contentful-paint',
  'total-blocking-time',
  'cumulative-layout-shift',
  'speed-index',
] as const;

const PLAIN_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Anchor</title></head>
<body><main><h1>A plain page</h1><p>Nothing but HTML, for the anchor's score.</p></main></body></html>`;

type Score = { score: number } & Record<(typeof METRICS)[number], number>;

/** Times a page's run is tried again when Lighthouse itself failed to record it (NO_NAVSTART, say). */
const ATTEMPTS = 3;

/** One Lighthouse run of `url`; a run Lighthouse could not record is tried again. */
async function lighthouseResult(url: string, flags: Flags, desktop: boolean) {
  for (let attempt = 1; ; attempt++) {
    const lhr = (await lighthouse(url, flags, desktop ? desktopConfig : undefined))?.lhr;
    if (lhr !== undefined && lhr.runtimeError === undefined) return lhr;
    const reason = lhr?.runtimeError?.message ?? 'no result';
    if (attempt >= ATTEMPTS) throw new Error(`Lighthouse could not score ${url}: ${reason}`);
    console.log(`Lighthouse could not score ${url} (${reason}); trying again`);
  }
}

async function score(url: string, port: number, desktop: boolean): Promise<Score> {
  const flags: Flags = { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] };
  const runs: Score[] = [];
  for (let i = 0; i < RUNS; i++) {
    const lhr = await lighthouseResult(url, flags, desktop);
    const metrics = Object.fromEntries(
      METRICS.map((id) => [id, Math.round((lhr.audits[id]?.numericValue ?? NaN) * 1000) / 1000]),
    ) as Record<(typeof METRICS)[number], number>;
    runs.push({ score: Math.round((lhr.categories['performance']?.score ?? 0) * 100), ...metrics });
  }
  runs.sort((a, b) => a.score - b.score);
  return runs[Math.floor(runs.length / 2)]!;
}

/** A published entry's id in the seeded data folder, for its reader page. */
function publishedId(dataDir: string): string {
  const db = new Database(join(dataDir, 'einwurf.sqlite'), { readonly: true });
  try {
    const row = db.prepare(`select id from entries where state = 'published' limit 1`).get() as
      { id: string } | undefined;
    if (row === undefined) throw new Error('the seed made no published entry');
    return row.id;
  } finally {
    db.close();
  }
}

async function main(): Promise<void> {
  if (!isBuildFresh()) spawnSync('npm', ['run', 'build', '-w', 'web'], { cwd: root, stdio: 'inherit' });
  if (!isServerBuildFresh()) await buildServer();
  const dataDir = mkdtempSync(join(tmpdir(), 'einwurf-bench-lighthouse-'));
  const env = { EINWURF_DATA_DIR: dataDir, EINWURF_ADMIN_PASSWORD: 'bench-admin-password' };
  const anchor = createServer((_request, response) =>
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(PLAIN_PAGE),
  );
  let server: ReturnType<typeof spawn> | undefined;
  let chrome: chromeLauncher.LaunchedChrome | undefined;
  try {
    await einwurf(['migrate'], env);
    await einwurf(['seed', '--entries', '200'], env);
    const base = `http://127.0.0.1:${PORT}`;
    server = spawn(process.execPath, ['server/dist/main.js'], {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, ...env, PORT: String(PORT), LOG_LEVEL: 'warn' },
    });
    track(server.pid!);
    await waitForHealth(base, () => server?.exitCode !== null);
    await new Promise<void>((resolve) => anchor.listen(0, '127.0.0.1', resolve));
    const anchorPort = (anchor.address() as { port: number }).port;

    chrome = await chromeLauncher.launch({
      chromePath: CHROMIUM_PATH,
      chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
    });
    const pages: Record<string, string> = {
      anchor: `http://127.0.0.1:${anchorPort}/`,
      home: `${base}/publish/`,
      create: `${base}/publish/create/article`,
      login: `${base}/publish/login`,
      reader: `${base}/read/${publishedId(dataDir)}`,
    };
    const loadAtStart = loadavg();
    const scores: Record<string, { desktop: Score; mobile: Score }> = {};
    for (const [name, url] of Object.entries(pages)) {
      const desktop = await score(url, chrome.port, true);
      const mobile = await score(url, chrome.port, false);
      scores[name] = { desktop, mobile };
      console.log(`${name}: desktop ${desktop.score}, mobile ${mobile.score} (${url})`);
    }
    const met = Object.fromEntries(
      Object.entries(scores)
        .filter(([name]) => name !== 'anchor')
        .map(([name, s]) => [
          name,
          { desktop: s.desktop.score >= GOALS.desktop, mobile: s.mobile.score >= GOALS.mobile },
        ]),
    );
    writeResult('lighthouse', {
      load_at_start: loadAtStart,
      load_at_end: loadavg(),
      runs_per_page: RUNS,
      goals: GOALS,
      scores,
      met,
    });
  } finally {
    await chrome?.kill();
    if (server?.pid !== undefined) await endTree(server.pid);
    anchor.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
