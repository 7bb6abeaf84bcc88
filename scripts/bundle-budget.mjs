// Reports the first-load JavaScript (gzip) of the app's main screens from the production build's
// manifest: the entry chunk, the screen's route module and every chunk they import statically.
import { existsSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';

const dist = fileURLToPath(new URL('../web/dist/', import.meta.url));

/** Budgets in KB (gzip) from DESIGN.md. */
export const BUDGETS = {
  home: { module: 'src/features/home/home-route.tsx', kb: 120 },
  create: { module: 'src/features/entries/create-route.tsx', kb: 150 },
  edit: { module: 'src/features/entries/edit-route.tsx', kb: 400 },
};

/** First-load gzip KB of each budgeted screen, read from web/dist/.vite/manifest.json. */
export function measureBudgets() {
  const manifestPath = dist + '.vite/manifest.json';
  if (!existsSync(manifestPath)) throw new Error('no build manifest: run npm run build first');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  const entry = Object.keys(manifest).find((key) => manifest[key].isEntry && key.endsWith('index.html'));
  const gzipKb = (file) => gzipSync(readFileSync(dist + file)).length / 1024;
  const closure = (keys, seen = new Set()) => {
    for (const key of keys) {
      if (seen.has(key) || !manifest[key]) continue;
      seen.add(key);
      closure(manifest[key].imports ?? [], seen);
    }
    return seen;
  };
  const result = {};
  for (const [name, { module, kb }] of Object.entries(BUDGETS)) {
    const chunks = closure([entry, module]);
    const size = [...chunks].reduce((sum, key) => sum + gzipKb(manifest[key].file), 0);
    result[name] = { kb: Number(size.toFixed(1)), budget_kb: kb, chunks: chunks.size };
  }
  return result;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const result = measureBudgets();
  for (const [name, { kb, budget_kb }] of Object.entries(result)) {
    console.log(
      `${name.padEnd(8)} ${kb.toFixed(1).padStart(7)} KB gzip (budget ${budget_kb} KB)${kb > budget_kb ? '  OVER' : ''}`,
    );
  }
}
