// The server's production build: esbuild bundles server/src/main.ts (the server) and server/src/cli.ts
// (`npx einwurf`) with what they import from contract/ into plain JavaScript in server/dist, so
// production runs `node server/dist/main.js` without a TypeScript loader. The packages the start
// loads are bundled too; native addons and libraries loaded at first use stay imports (the production
// install provides them; see EXTERNAL_PACKAGES). The bundle sits where the sources sit (server/dist beside server/src), so paths the server
// finds from its own file (the repository root: web/dist, content-types/, package.json) stay the same.
//
// `node server/build.mjs` builds; `npm run build` runs it after the web app's build. scripts/start.mjs
// and server/bin/einwurf.mjs ask isServerBuildFresh() whether the build is newer than its sources.
import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const serverRoot = dirname(fileURLToPath(import.meta.url));
const root = join(serverRoot, '..');

/** Where the compiled server goes (gitignored). */
export const SERVER_DIST = join(serverRoot, 'dist');

/**
 * The compiled entry points: the server, the CLI, and the SQLite worker thread (db/sqlite-pool.ts
 * starts ./sqlite-worker.js from the chunk that holds it, which sits beside the entries).
 */
export const SERVER_ENTRIES = {
  main: 'server/src/main.ts',
  cli: 'server/src/cli.ts',
  'sqlite-worker': 'server/src/db/sqlite-worker.ts',
};

/** What the compiled server is made from: a build older than any of these is stale. */
export const SERVER_SOURCES = [
  'server/src',
  'server/build.mjs',
  'server/package.json',
  'contract/src',
  'contract/package.json',
  // The reader's page bundles the web app's catalogues (server/src/features/reader/language.ts).
  'web/src/locales',
  'package-lock.json',
];

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const name of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, name)));
  return newest;
}

/**
 * Whether the compiled server in `dist` exists and is newer than every source (`sources`, paths
 * relative to `base`). A source that is absent (an image that ships only the build) counts as old.
 */
export function isServerBuildFresh(dist = SERVER_DIST, { base = root, sources = SERVER_SOURCES } = {}) {
  const outputs = Object.keys(SERVER_ENTRIES).map((name) => join(dist, `${name}.js`));
  if (!outputs.every((file) => existsSync(file))) return false;
  const builtAt = Math.min(...outputs.map((file) => statSync(file).mtimeMs));
  return sources.every((source) => newestMtime(join(base, source)) <= builtAt);
}

/**
 * Packages that stay imports, resolved at run time from node_modules: native addons (and what finds
 * their binaries), pino (its transports start worker files found by path), and libraries that read
 * their own files by path or are large and loaded only with a feature (@fastify/swagger reads its
 * package.json; the S3 SDK loads with FILE_STORAGE=s3 only). Every other package a source imports
 * statically is bundled: Node would otherwise find, read and compile each of its files at the start
 * (about 1,000 modules, a third of the start's CPU time), and ES modules importing CommonJS ones pay
 * a source scan each. Packages imported with `import()` stay imports too: they load at first use.
 */
const EXTERNAL_PACKAGES =
  /^(better-sqlite3|sharp|@node-rs\/argon2|pg-native|pino|pino-pretty|thread-stream|@fastify\/swagger|@aws-sdk\/[^/]+|undici)(\/|$)/;

/**
 * Bundled code that is CommonJS calls `require` for Node's built-in modules, which an ES module
 * lacks: each chunk gets one.
 */
const REQUIRE_BANNER =
  "import { createRequire as __createRequire } from 'node:module';\nconst require = __createRequire(import.meta.url);";

/**
 * @einwurf/* and every package but EXTERNAL_PACKAGES and dynamic imports are bundled; those stay
 * imports, resolved at run time from server/dist as Node walks up node_modules. The build fails when
 * such a package would resolve differently from server/dist than from the file that imports it (a
 * version nested under contract/node_modules, say).
 */
const externalPackages = {
  name: 'einwurf:external-packages',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, async (args) => {
      if (args.pluginData?.inner || args.path.startsWith('@einwurf/') || args.path.startsWith('node:')) {
        return undefined;
      }
      if (args.kind !== 'dynamic-import' && !EXTERNAL_PACKAGES.test(args.path)) return undefined;
      const from = (resolveDir) =>
        build.resolve(args.path, { kind: args.kind, resolveDir, pluginData: { inner: true } });
      // From server/ rather than server/dist, which may not exist yet: Node finds the same packages.
      const [here, there] = await Promise.all([from(args.resolveDir), from(serverRoot)]);
      if (here.errors.length === 0 && here.path !== there.path) {
        return {
          errors: [
            {
              text:
                `${args.path} resolves to ${relative(root, here.path)} from ${relative(root, args.importer)} ` +
                `but to ${there.path ? relative(root, there.path) : 'nothing'} from server/dist`,
            },
          ],
        };
      }
      return { path: args.path, external: true };
    });
  },
};

/**
 * glob, which @fastify/static requires at its load but calls only for its `wildcard: false` option
 * (a route per file found at registration), which the server never sets: a stand-in requires it at
 * its first call, so its 100 KB are neither bundled nor compiled at every start.
 */
const lazyGlob = {
  name: 'einwurf:lazy-glob',
  setup(build) {
    build.onResolve({ filter: /^glob$/ }, (args) =>
      args.namespace === 'lazy-glob'
        ? { path: 'glob', external: true }
        : /[\\/]@fastify[\\/]static[\\/]/.test(args.importer)
          ? { path: 'glob', namespace: 'lazy-glob' }
          : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: 'lazy-glob' }, () => ({
      contents: "module.exports = { glob: (...args) => require('glob').glob(...args) };",
      loader: 'js',
    }));
  },
};

/** Builds the server into `outdir` (server/dist); throws with esbuild's messages when it fails. */
export async function buildServer({ outdir = SERVER_DIST } = {}) {
  const { build } = await import('esbuild');
  // Chunks are named by their hash: a new build replaces the folder rather than adding to it.
  rmSync(outdir, { recursive: true, force: true });
  await build({
    absWorkingDir: root,
    entryPoints: SERVER_ENTRIES,
    outdir,
    bundle: true,
    splitting: true,
    // Beside the entries, not in a subfolder: code that finds files from import.meta.url (config.ts,
    // version.ts) lands in the shared chunk and must sit one level below server/ as in server/src.
    chunkNames: '[name]-[hash]',
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    // Stack traces with `node --enable-source-maps` name the TypeScript files and lines.
    sourcemap: 'linked',
    // V8 keeps the source of every script it loaded for as long as the process runs: without blanks
    // and comments, the bundle costs that memory and its parse time about half. Names stay, so a
    // stack trace read without the source map still names the functions.
    minifyWhitespace: true,
    minifySyntax: true,
    sourcesContent: false,
    plugins: [lazyGlob, externalPackages],
    banner: { js: REQUIRE_BANNER },
    logLevel: 'warning',
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const started = Date.now();
  try {
    await buildServer();
  } catch {
    // esbuild has printed what failed.
    console.error('The server could not be built.');
    process.exit(1);
  }
  console.log(
    `Built the server into ${relative(process.cwd(), SERVER_DIST) || '.'} in ${Date.now() - started} ms`,
  );
}
