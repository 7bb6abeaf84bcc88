// For `node --import`: writes the name of each package the process imports (the folder under
// node_modules its module resolves to), one a line, to the file EINWURF_TEST_LOADED_PACKAGES names.
// Tests read it to see which libraries a start loads.
import { appendFileSync } from 'node:fs';
import { register } from 'node:module';
import { isMainThread } from 'node:worker_threads';

const PACKAGE = /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//;

export async function resolve(specifier, context, next) {
  const resolved = await next(specifier, context);
  const name = PACKAGE.exec(resolved.url)?.[1];
  const file = process.env['EINWURF_TEST_LOADED_PACKAGES'];
  if (name !== undefined && file) appendFileSync(file, `${name}\n`);
  return resolved;
}

if (isMainThread && process.env['EINWURF_TEST_LOADED_PACKAGES']) register(import.meta.url);
