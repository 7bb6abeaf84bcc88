// The first-load JavaScript budgets of DESIGN.md ("Budgets"), measured on a production build of the web
// app. Vite's manifest (web/dist/.vite/manifest.json) names each chunk and the chunks it imports
// statically. A screen's first load is the entry chunk, the screen's modules and every chunk they import
// statically, each chunk once, gzip-compressed one file at a time as a server sends them.
//
// A screen's modules are its route module plus what it imports lazily but loads at once: the edit
// screen shows every entry type's `content` field with the Markdown editor, whose chunk it imports
// dynamically as soon as the form renders. Chunks loaded only on the author's action are not counted:
// the date fields' calendar (forms/widgets/date-calendar.tsx, on opening or pointing at a date field)
// and the preview's renderer (the reader's article with its Markdown pipeline). The proof-of-work
// worker is a file of its own.
//
// e2e/tests/first-load.spec.ts holds the screens to DESIGN.md's figures as Chromium loads them (every
// script fetched until the page is idle); this estimate from the build graph keeps any growth out.
//
// `node scripts/bundle-budget.mjs [dist]` prints the report; the web build prints it after writing
// (bundleBudgetReport in web/vite.config.ts); web/src/app/bundle-budget.test.ts fails past a budget.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';

// From the file's path, not new URL('..', …): under jsdom (the web tests) URL is jsdom's own class.
const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** The web app's default build folder. */
export const WEB_DIST = join(root, 'web', 'dist');

/** What a build of the web app is made from: a build older than any of these is stale. */
export const WEB_SOURCES = [
  'web/src',
  'web/public',
  'web/index.html',
  'web/vite.config.ts',
  'web/preact-aliases.ts',
  'web/vite-plugins',
  'web/package.json',
  'contract/src',
  'content-types',
  'package-lock.json',
  'scripts/bundle-budget.mjs',
];

/**
 * Budgets in KB (gzip); `modules` are manifest keys (paths relative to web/). `design` is DESIGN.md's
 * figure, `kb` the ceiling the test enforces. React + ReactDOM alone weighed 66 KB, which put every
 * screen over DESIGN.md's figures; on preact/compat (web/preact-aliases.ts) the screens fit them, so
 * the ceilings are DESIGN.md's own. Lower them as the screens shrink.
 */
export const BUDGETS = {
  home: { kb: 120, design: 120, modules: ['src/features/home/home-route.tsx'] },
  create: { kb: 150, design: 150, modules: ['src/features/entries/create-route.tsx'] },
  edit: {
    kb: 400,
    design: 400,
    modules: ['src/features/entries/edit-route.tsx', 'src/forms/widgets/markdown/markdown-editor.tsx'],
  },
  powWorker: { kb: 15, design: 15, worker: /(^|\/)pow-worker-[^/]+\.js$/ },
};

const round = (kb) => Math.round(kb * 10) / 10;

/**
 * Measures every budget on the build in `dist`. Each result has the total `kb`, its `budget_kb`, the
 * number of files and, per module, the KB it adds to what the modules before it load (`parts`).
 * Throws when the build lacks a budgeted module, so a renamed route cannot silently measure less.
 */
export function measureBudgets(dist = WEB_DIST) {
  const manifestPath = join(dist, '.vite', 'manifest.json');
  if (!existsSync(manifestPath)) throw new Error(`no build manifest in ${dist}: build the web app first`);
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  const entry = Object.keys(manifest).find((key) => manifest[key].isEntry && key.endsWith('index.html'));
  if (!entry) throw new Error('the build manifest has no index.html entry');
  const gzipKb = (file) => gzipSync(readFileSync(join(dist, file))).length / 1024;
  const addClosure = (key, files) => {
    if (files.has(manifest[key].file)) return;
    files.add(manifest[key].file);
    for (const imported of manifest[key].imports ?? []) addClosure(imported, files);
  };
  const sizeOf = (files) => [...files].reduce((sum, file) => sum + gzipKb(file), 0);

  const result = {};
  for (const [name, budget] of Object.entries(BUDGETS)) {
    const files = new Set();
    const parts = {};
    if (budget.worker) {
      const worker = Object.values(manifest)
        .flatMap((chunk) => chunk.assets ?? [])
        .find((file) => budget.worker.test(file));
      if (!worker) throw new Error(`the build has no file matching ${budget.worker}`);
      files.add(worker);
      parts[worker] = round(gzipKb(worker));
    } else {
      addClosure(entry, files);
      parts[entry] = round(sizeOf(files));
      for (const module of budget.modules) {
        if (!manifest[module]) throw new Error(`the build manifest has no ${module} (budget ${name})`);
        const before = sizeOf(files);
        addClosure(module, files);
        parts[module] = round(sizeOf(files) - before);
      }
    }
    result[name] = {
      kb: round(sizeOf(files)),
      budget_kb: budget.kb,
      design_kb: budget.design,
      files: files.size,
      parts,
    };
  }
  return result;
}

/** The report the build prints: one line per budget, with what each module adds. */
export function formatBudgets(result) {
  const lines = [
    'First-load JavaScript (gzip) against the budgets (DESIGN.md in brackets where it differs):',
  ];
  for (const [name, { kb, budget_kb, design_kb, parts }] of Object.entries(result)) {
    const over = kb > budget_kb ? '  OVER' : '';
    const modules = Object.entries(parts).slice(1);
    const detail =
      modules.length > 1
        ? `  (${modules.map(([module, added]) => `${module.split('/').pop()} +${added.toFixed(1)}`).join(', ')})`
        : '';
    lines.push(
      `  ${name.padEnd(10)} ${kb.toFixed(1).padStart(6)} KB  budget ${String(budget_kb).padStart(3)} KB` +
        `${design_kb !== budget_kb ? ` (${design_kb})` : ''}${over}${detail}`,
    );
  }
  return lines.join('\n');
}

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const name of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, name)));
  return newest;
}

/** Whether the build in `dist` is newer than every source of the web app (scripts/start.mjs's rule). */
export function isBuildFresh(dist = WEB_DIST) {
  const manifestPath = join(dist, '.vite', 'manifest.json');
  if (!existsSync(manifestPath)) return false;
  const builtAt = statSync(manifestPath).mtimeMs;
  return WEB_SOURCES.every((source) => newestMtime(join(root, source)) <= builtAt);
}

/**
 * A Vite plugin that prints the budgets once the build is written (wherever --outDir puts it), unless
 * the build is asked to be quiet (`--logLevel warn`, as `npm start` builds).
 */
export function bundleBudgetReport() {
  let quiet = false;
  return {
    name: 'einwurf:bundle-budget',
    apply: 'build',
    configResolved(config) {
      quiet = ['warn', 'error', 'silent'].includes(config.logLevel);
    },
    writeBundle: {
      order: 'post',
      sequential: true,
      handler(options) {
        if (!options.dir || quiet) return;
        try {
          console.log(`\n${formatBudgets(measureBudgets(options.dir))}`);
        } catch (error) {
          console.warn(`The bundle budgets could not be measured: ${error.message}`);
        }
      },
    },
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  console.log(formatBudgets(measureBudgets(process.argv[2] ?? WEB_DIST)));
}
