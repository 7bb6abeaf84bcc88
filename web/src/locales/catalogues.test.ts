import { describe, expect, it } from 'vitest';
import de from './de.json';
import deCH from './de-CH.json';
import en from './en.json';

// A lazily loaded screen's catalogues (locales/<screen>/{de,en}.json) count with the language's own.
const screens = import.meta.glob<{ default: Catalogue }>('./*/*.json', { eager: true });
const screenCatalogues = (lang: string) =>
  Object.entries(screens)
    .filter(([path]) => path.endsWith(`/${lang}.json`))
    .map(([, module]) => module.default);

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

const german = new Map(
  [de, ...screenCatalogues('de')].flatMap((catalogue) => [...flatten(catalogue as Catalogue)]),
);
const swiss = flatten(deCH);
// What a de-CH reader sees: its own words where Swiss German differs, German's elsewhere.
const catalogues = {
  de: german,
  'de-CH': new Map([...german, ...swiss]),
  en: new Map([en, ...screenCatalogues('en')].flatMap((catalogue) => [...flatten(catalogue as Catalogue)])),
};
const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe('translation catalogues', () => {
  it.each(Object.entries(catalogues))('%s has every key the others have, none empty', (_name, keys) => {
    const all = new Set(Object.values(catalogues).flatMap((c) => [...c.keys()]));
    const missing = [...all].filter((key) => !keys.has(key));
    expect(missing).toEqual([]);
    expect([...keys].filter(([, value]) => !value.trim())).toEqual([]);
  });

  it('de and en have exactly the same keys', () => {
    expect([...catalogues.en.keys()].sort()).toEqual([...german.keys()].sort());
  });

  it('uses the same placeholders in every language', () => {
    for (const [key, text] of german) {
      expect(placeholders(catalogues.en.get(key) ?? ''), key).toEqual(placeholders(text));
      expect(placeholders(catalogues['de-CH'].get(key) ?? ''), key).toEqual(placeholders(text));
    }
  });
});

describe('de-CH', () => {
  it('holds only keys German has', () => {
    expect([...swiss.keys()].filter((key) => !german.has(key))).toEqual([]);
  });

  it('holds only what differs from German (the rest falls back to de)', () => {
    expect([...swiss].filter(([key, value]) => german.get(key) === value)).toEqual([]);
  });

  it('uses Swiss spelling: no ß', () => {
    expect([...swiss].filter(([, value]) => value.includes('ß'))).toEqual([]);
  });

  it('overrides every German text with ß', () => {
    expect([...german].filter(([key, value]) => value.includes('ß') && !swiss.has(key))).toEqual([]);
  });
});
