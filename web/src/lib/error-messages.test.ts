import { describe, expect, it } from 'vitest';
import de from '../locales/de.json';
import en from '../locales/en.json';
import { ERROR_STATUS, type ErrorCode } from './contract';
import { messageKeyOf, UNKNOWN_ERROR_MESSAGE_KEY } from './error-messages';

type Catalogue = { [key: string]: string | Catalogue };
// de-CH falls back to de, so the complete catalogues are these two (catalogues.test.ts holds the rule).
const catalogues = { de, en } as Record<string, Catalogue>;

function textOf(catalogue: Catalogue, key: string): unknown {
  return key.split('.').reduce<unknown>((node, part) => (node as Catalogue | undefined)?.[part], catalogue);
}

const codes = Object.keys(ERROR_STATUS) as ErrorCode[];

describe('the message of each error code', () => {
  it.each(Object.entries(catalogues))(
    '%s has a message for every code of the contract',
    (_name, catalogue) => {
      const missing = [...codes, 'UNKNOWN' as const].filter(
        (code) => typeof textOf(catalogue, messageKeyOf(code)) !== 'string',
      );
      expect(missing).toEqual([]);
    },
  );

  it('gives each code a message of its own', () => {
    const keys = codes.map(messageKeyOf);
    expect(new Set(keys).size).toBe(codes.length);
    expect(keys).not.toContain(UNKNOWN_ERROR_MESSAGE_KEY);
  });

  it('answers the general message for a code the app does not know', () => {
    expect(messageKeyOf('UNKNOWN')).toBe(UNKNOWN_ERROR_MESSAGE_KEY);
    expect(messageKeyOf('SOMETHING_NEWER' as ErrorCode)).toBe(UNKNOWN_ERROR_MESSAGE_KEY);
    expect(messageKeyOf('toString' as ErrorCode)).toBe(UNKNOWN_ERROR_MESSAGE_KEY);
  });
});
