import { get } from 'node:http';
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { createEntry } from '../support/author.ts';

// The first-load budgets of DESIGN.md, measured from real page loads in Chromium against the production
// build the journeys' server serves: every script the browser fetches until the page is idle (network
// idle for 500 ms, the screen drawn), counted once per URL. A script's size is its gzip body as the
// server sends it to a client that accepts gzip (the build's .gz sibling; a file without one is sent,
// and counted, as it is). The numbers are DESIGN.md's and must not be raised. A screen still above its
// budget carries `test.fail()` with the figure last measured: the test turns red once the screen fits,
// and the mark must then go.

const BUDGET_KB = { home: 120, create: 150, edit: 400, powWorker: 15 };
const PASSWORD = 'Erste-Ladung 2026';

type Recorder = { urls: () => string[]; browserEncoding: (url: string) => string };

/** Every script a context's pages and workers fetch, in the order they arrive, and how it came. */
function recordScripts(context: BrowserContext): Recorder {
  const encodings = new Map<string, string>();
  context.on('response', (response) => {
    const type = response.request().resourceType();
    const url = response.url();
    const isScript = type === 'script' || /\.m?js$/.test(new URL(url).pathname);
    if (isScript && response.ok() && !encodings.has(url)) {
      encodings.set(url, response.headers()['content-encoding'] ?? 'identity');
    }
  });
  return { urls: () => [...encodings.keys()], browserEncoding: (url) => encodings.get(url) ?? '?' };
}

/** The body bytes of `url` as the server sends them to a client accepting gzip, and their encoding. */
function gzipTransfer(url: string): Promise<{ bytes: number; encoding: string }> {
  return new Promise((resolve, reject) => {
    get(url, { headers: { 'accept-encoding': 'gzip' } }, (response) => {
      let bytes = 0;
      response.on('data', (chunk: Buffer) => (bytes += chunk.length));
      response.on('end', () => {
        if (response.statusCode !== 200) reject(new Error(`${url} answered ${response.statusCode}`));
        else resolve({ bytes, encoding: String(response.headers['content-encoding'] ?? 'identity') });
      });
      response.on('error', reject);
    }).on('error', reject);
  });
}

/** Measures the scripts, attaches the figures to the report and answers the total in KB (gzip). */
async function measure(
  name: keyof typeof BUDGET_KB,
  recorder: Recorder,
  urls = recorder.urls(),
): Promise<number> {
  expect(urls.length, `${name}: no script was fetched`).toBeGreaterThan(0);
  const scripts: { url: string; gzipBytes: number; encoding: string; browserEncoding: string }[] = [];
  for (const url of urls) {
    const { bytes, encoding } = await gzipTransfer(url);
    scripts.push({
      url: new URL(url).pathname,
      gzipBytes: bytes,
      encoding,
      browserEncoding: recorder.browserEncoding(url),
    });
  }
  const kb = scripts.reduce((sum, s) => sum + s.gzipBytes, 0) / 1024;
  const lines = scripts.map(
    (s) =>
      `${(s.gzipBytes / 1024).toFixed(1).padStart(7)} KB ${s.encoding} (Chromium got ${s.browserEncoding}) ${s.url}`,
  );
  const report = `${name}: ${kb.toFixed(1)} KB gzip in ${scripts.length} scripts (budget ${BUDGET_KB[name]} KB)\n${lines.join('\n')}`;
  console.log(report);
  test.info().annotations.push({ type: 'first-load', description: `${name} ${kb.toFixed(1)} KB` });
  await test.info().attach(`${name}-scripts.txt`, { body: report, contentType: 'text/plain' });
  // The build compresses every script worth compressing; a plain one this large means it did not.
  for (const s of scripts) {
    if (s.encoding === 'identity') expect(s.gzipBytes, `${s.url} sent uncompressed`).toBeLessThan(1024);
  }
  return kb;
}

/** A fresh context (empty cache, no service worker yet), optionally with another one's cookies. */
async function freshPage(
  browser: Browser,
  storageState?: Awaited<ReturnType<BrowserContext['storageState']>>,
): Promise<{ context: BrowserContext; page: Page; scripts: Recorder }> {
  const context = await browser.newContext({ ...(storageState ? { storageState } : {}) });
  const scripts = recordScripts(context);
  const page = await context.newPage();
  return { context, page, scripts };
}

async function idle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
}

test.describe('first-load JavaScript in Chromium (gzip)', () => {
  test('home', async ({ browser }) => {
    const { context, page, scripts } = await freshPage(browser);
    await page.goto('');
    await expect(page.getByRole('heading', { level: 1, name: 'Beitrag vorschlagen' })).toBeVisible();
    await idle(page);
    const kb = await measure('home', scripts);
    await context.close();
    expect(kb).toBeLessThanOrEqual(BUDGET_KB.home);
  });

  test('create', async ({ browser }) => {
    const { context, page, scripts } = await freshPage(browser);
    await page.goto('create/article');
    await expect(page.getByRole('heading', { level: 1, name: 'Neuen Beitrag anlegen' })).toBeVisible();
    await idle(page);
    const kb = await measure('create', scripts);
    await context.close();
    expect(kb).toBeLessThanOrEqual(BUDGET_KB.create);
  });

  test('proof-of-work worker', async ({ browser }) => {
    const { context, page, scripts } = await freshPage(browser);
    await page.goto('create/article');
    await expect(page.getByRole('heading', { level: 1, name: 'Neuen Beitrag anlegen' })).toBeVisible();
    await idle(page);
    const before = scripts.urls();
    expect(
      before.filter((url) => /pow-worker/.test(url)),
      'the worker loads only on creating',
    ).toEqual([]);
    await page.getByRole('textbox', { name: 'Passwort', exact: true }).fill(PASSWORD);
    await page.getByRole('textbox', { name: 'Passwort wiederholen', exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Beitrag anlegen' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Passwort und Link sichern' })).toBeFocused();
    const workers = scripts.urls().filter((url) => /\/pow-worker-[^/]+\.js$/.test(url));
    expect(workers, 'the solver started its worker').toHaveLength(1);
    const kb = await measure('powWorker', scripts, workers);
    await context.close();
    expect(kb).toBeLessThanOrEqual(BUDGET_KB.powWorker);
  });

  test('edit', async ({ browser }) => {
    // The author's session comes from creating the entry; the edit screen is then loaded afresh.
    const author = await browser.newContext();
    const permalink = await createEntry(await author.newPage(), 'Artikel', PASSWORD);
    const session = await author.storageState();
    await author.close();

    const { context, page, scripts } = await freshPage(browser, session);
    await page.goto(permalink);
    await expect(page.getByRole('heading', { level: 1, name: 'Beitrag bearbeiten' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Quelltext' })).toBeVisible();
    await idle(page);
    const kb = await measure('edit', scripts);
    await context.close();
    expect(kb).toBeLessThanOrEqual(BUDGET_KB.edit);
  });
});
