import { describe, expect, it } from 'vitest';
import { VALIDATION_MESSAGE_KEYS } from '@einwurf/contract';
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
const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe('translation catalogues', () => {
  it.each(Object.entries(catalogues))('%s has every key the others have, none empty', (_name, keys) => {
    const all = new Set(Object.values(catalogues).flatMap((c) => [...c.keys()]));
    const missing = [...all].filter((key) => !keys.has(key));
    expect(missing).toEqual([]);
    expect([...keys].filter(([, value]) => !value.trim())).toEqual([]);
  });

  it.each(Object.entries(catalogues))(
    '%s translates every validation message key of the contract',
    (_name, keys) => {
      expect(VALIDATION_MESSAGE_KEYS.filter((key) => !keys.has(key))).toEqual([]);
    },
  );

  it('uses the same placeholders in every language', () => {
    for (const [key, text] of catalogues.de) {
      expect(placeholders(catalogues.en.get(key) ?? ''), key).toEqual(placeholders(text));
      expect(placeholders(catalogues['de-CH'].get(key) ?? ''), key).toEqual(placeholders(text));
    }
  });

  it('de-CH uses Swiss spelling: no ß', () => {
    const withEszett = [...catalogues['de-CH']].filter(([, value]) => value.includes('ß'));
    expect(withEszett).toEqual([]);
  });
});
