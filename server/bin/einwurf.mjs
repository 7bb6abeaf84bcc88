#!/usr/bin/env node
// `npx einwurf …`: the compiled CLI (server/dist/cli.js, from `npm run build`) when it is newer than
// its sources; otherwise the TypeScript sources through tsx, so development needs no build step. An
// install without tsx (production dependencies only) runs whatever build it has.
import { existsSync } from 'node:fs';
import { isServerBuildFresh } from '../build.mjs';

const compiled = new URL('../dist/cli.js', import.meta.url);

async function loadCli() {
  if (isServerBuildFresh()) return import(compiled.href);
  let register;
  try {
    ({ register } = await import('tsx/esm/api'));
  } catch {
    if (existsSync(compiled)) return import(compiled.href);
    throw new Error('the server is not built and tsx is not installed: run `npm run build` first');
  }
  register();
  return import('../src/cli.ts');
}

let cli;
try {
  cli = await loadCli();
} catch (error) {
  process.stderr.write(`einwurf: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
process.exitCode = await cli.main(process.argv);
