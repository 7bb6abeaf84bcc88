import { describe, expect, it } from 'vitest';
import { entryUuid, feedUuid, uuidV5 } from './feed-ids.ts';

describe('entry UUIDs', () => {
  it('computes version 5 UUIDs as RFC 9562 does', () => {
    // The specification's example: "www.example.com" in the DNS namespace (RFC 9562, appendix A.4).
    expect(uuidV5('www.example.com', '6ba7b810-9dad-11d1-80b4-00c04fd430c8')).toBe(
      '2ed6657d-e927-568b-95e1-2665a8aea6a2',
    );
  });

  it('gives an entry the same UUID every time and another entry another one', () => {
    const id = 'AAAAAAAAAAAAAAAAAAAAAA';
    expect(entryUuid(id)).toBe(entryUuid(id));
    expect(entryUuid(id)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(entryUuid('AAAAAAAAAAAAAAAAAAAAAB')).not.toBe(entryUuid(id));
  });

  it('gives each origin and type its own feed UUID', () => {
    const origin = 'https://zeitung.example';
    expect(feedUuid(origin, undefined)).toBe(feedUuid(origin, undefined));
    expect(
      new Set([
        feedUuid(origin, undefined),
        feedUuid(origin, 'event'),
        feedUuid('https://x.example', 'event'),
      ]).size,
    ).toBe(3);
  });
});
