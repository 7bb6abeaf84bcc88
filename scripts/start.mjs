// `npm start`: builds the web app when its build is missing or older than its sources, then runs the
// server in this process (migrations, first admin and listening happen in server/src/main.ts).
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { isBuildFresh } from './bundle-budget.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));

if (process.env.EINWURF_SKIP_WEB_BUILD !== '1' && !isBuildFresh()) {
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
