// `npm start`: builds the web app and the server when a build is missing or older than its sources,
// then runs the compiled server (server/dist/main.js) in this process: migrations, first admin and
// listening happen there. Production needs no TypeScript loader.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { buildServer, isServerBuildFresh } from '../server/build.mjs';
import { isBuildFresh } from './bundle-budget.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));

if (process.env.EINWURF_SKIP_WEB_BUILD !== '1' && !isBuildFresh()) {
  console.log('Building the web app (its build is missing or older than its sources)…');
  // Warnings and errors only: the per-file listing and the budgets are for `npm run build`.
  const build = spawnSync('npm', ['run', 'build', '--silent', '-w', 'web', '--', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (build.status !== 0) {
    console.error('The web app could not be built; see the output above.');
    process.exit(build.status ?? 1);
  }
}

if (!isServerBuildFresh()) {
  console.log('Building the server (its build is missing or older than its sources)…');
  try {
    await buildServer();
  } catch {
    // esbuild has printed what failed.
    console.error('The server could not be built; see the output above.');
    process.exit(1);
  }
}

// A computed specifier: the file exists only once built, and the linter need not resolve it.
await import(new URL('../server/dist/main.js', import.meta.url).href);
