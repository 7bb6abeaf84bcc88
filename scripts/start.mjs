// `npm start`: builds the web app when its build is missing or older than its sources, then runs the
// server in this process (migrations, first admin and listening happen in server/src/main.ts).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const builtIndex = join(root, 'web', 'dist', 'index.html');
const webSources = [
  'web/src',
  'web/public',
  'web/index.html',
  'web/vite.config.ts',
  'web/package.json',
  'contract/src',
];

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const name of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, name)));
  return newest;
}

function isWebBuildStale() {
  if (!existsSync(builtIndex)) return true;
  const builtAt = statSync(builtIndex).mtimeMs;
  return webSources.some((source) => newestMtime(join(root, source)) > builtAt);
}

if (process.env.EINWURF_SKIP_WEB_BUILD !== '1' && isWebBuildStale()) {
  console.log('Building the web app (its build is missing or older than its sources)…');
  const build = spawnSync('npm', ['run', 'build', '-w', 'web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) {
    console.error('The web app could not be built; see the output above.');
    process.exit(build.status ?? 1);
  }
}

const { register } = await import('tsx/esm/api');
register();
await import('../server/src/main.ts');
