import type { Plugin } from 'vite';
// A relative path, not @einwurf/contract (see entry-validators.ts).
import { STORAGE_KEYS } from '../../contract/src/limits.ts';

const NAME = 'color-scheme.js';

/**
 * What Mantine's ColorSchemeScript does, as a file: the remembered colour scheme (light, dark, or the
 * system's when none or "auto" is stored) set on <html> before the first paint, so a dark page never
 * flashes white. The app's policy allows no inline script, so the build writes it as a hashed asset
 * that index.html loads first, without defer; it is a few hundred bytes.
 */
export const COLOR_SCHEME_SCRIPT = `try{var s=localStorage.getItem(${JSON.stringify(STORAGE_KEYS.colorScheme)});if(s!=="light"&&s!=="dark")s=matchMedia("(prefers-color-scheme: dark)").matches?"dark":"light";document.documentElement.setAttribute("data-mantine-color-scheme",s)}catch(e){}`;

export function colorSchemeScript(): Plugin {
  let base = '/';
  let isBuild = false;
  return {
    name: 'einwurf-color-scheme-script',
    configResolved(config) {
      base = config.base;
      isBuild = config.command === 'build';
    },
    buildStart() {
      if (isBuild) {
        this.emitFile({ type: 'asset', name: NAME, source: COLOR_SCHEME_SCRIPT });
      }
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const asset = Object.values(context.bundle ?? {}).find(
          (output) => output.type === 'asset' && output.names.includes(NAME),
        );
        // The development server sends no content security policy: the script goes inline there.
        return [
          asset === undefined
            ? { tag: 'script', children: COLOR_SCHEME_SCRIPT, injectTo: 'head-prepend' }
            : { tag: 'script', attrs: { src: `${base}${asset.fileName}` }, injectTo: 'head-prepend' },
        ];
      },
    },
  };
}
