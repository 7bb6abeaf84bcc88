import { describe, expect, it } from 'vitest';
import de from './de.json';
import deCH from './de-CH.json';
import en from './en.json';

type Catalogue = { [key: string]: string | Catalogue };

function flatten(catalogue: Catalogue, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(catalogue)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

const catalogues = { de: flatten(de), 'de-CH': flatten(deCH), en: flatten(en) };

describe('translation catalogues', () => {
  it.each(Object.entries(catalogues))('%s has every key the others have, none empty', (_name, keys) => {
    const all = new Set(Object.values(catalogues).flatMap((c) => [...c.keys()]));
    const missing = [...all].filter((key) => !keys.has(key));
    expect(missing).toEqual([]);
    expect([...keys].filter(([, value]) => !value.trim())).toEqual([]);
  });

  it('de-CH uses Swiss spelling: no ß', () => {
    const withEszett = [...catalogues['de-CH']].filter(([, value]) => value.includes('ß'));
    expect(withEszett).toEqual([]);
  });
});
