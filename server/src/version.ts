import { readFileSync } from 'node:fs';

/** The product version: the root package.json's, so server, web and API report one number. */
export const VERSION: string = (
  JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }
).version;
