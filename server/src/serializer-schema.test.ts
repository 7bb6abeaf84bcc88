import fastJsonStringify from 'fast-json-stringify';
import Type from 'typebox';
import { describe, expect, it } from 'vitest';
import { EntryListSchema } from '@einwurf/contract';
import { withPlainNullables } from './serializer-schema.ts';

const Nullables = Type.Object({
  text: Type.Union([Type.String(), Type.Null()], { description: 'kept' }),
  at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  count: Type.Union([Type.Integer(), Type.Null()]),
  share: Type.Union([Type.Number(), Type.Null()]),
  flag: Type.Union([Type.Boolean(), Type.Null()]),
  state: Type.Union([Type.Enum(['draft', 'proposed']), Type.Null()]),
  sso: Type.Union([Type.Object({ name: Type.String() }), Type.Null()]),
  list: Type.Array(Type.Object({ tag: Type.Union([Type.String(), Type.Null()]) })),
  optional: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  // Not a nullable pair: left to anyOf.
  either: Type.Union([Type.String(), Type.Integer()]),
});

const values = [
  {
    text: 'a "quoted" text',
    at: '2026-11-28T10:00:00.000Z',
    count: 3,
    share: 0.5,
    flag: false,
    state: 'proposed',
    sso: { name: 'Verein', extra: 'dropped' },
    list: [{ tag: 'x' }, { tag: null }],
    optional: 'here',
    either: 7,
  },
  {
    text: null,
    at: null,
    count: null,
    share: null,
    flag: null,
    state: null,
    sso: null,
    list: [],
    either: 'seven',
  },
];

describe('response schemas handed to the serializer', () => {
  it('write a plain type or null as a type list, at any depth, keeping the annotations', () => {
    const plain = withPlainNullables(Nullables) as unknown as {
      properties: Record<
        string,
        Record<string, unknown> & { items?: { properties: Record<string, unknown> } }
      >;
    };
    const { properties } = plain;
    expect(properties['text']).toEqual({ type: ['string', 'null'], description: 'kept' });
    expect(properties['at']).toEqual({ type: ['string', 'null'], format: 'date-time' });
    expect(properties['count']!['type']).toEqual(['integer', 'null']);
    expect(properties['state']).toEqual({ type: ['string', 'null'], enum: ['draft', 'proposed', null] });
    expect(properties['sso']!['type']).toEqual(['object', 'null']);
    expect(properties['list']!.items!.properties['tag']).toEqual({ type: ['string', 'null'] });
    expect(properties['either']).toBe(Nullables.properties.either);
  });

  it('serialize every value exactly as the schema as written does, without a validator', () => {
    const asWritten = fastJsonStringify(Nullables);
    const plain = fastJsonStringify(withPlainNullables(Nullables));
    for (const value of values) expect(plain(value)).toBe(asWritten(value));
    // The only anyOf left (`either`) is the only one tried with Ajv.
    const validations = (serializer: unknown) =>
      String(serializer).match(/getSchemaValidator\(/g)?.length ?? 0;
    expect(validations(plain)).toBe(2);
    expect(validations(asWritten)).toBeGreaterThan(2);
    const lists = fastJsonStringify(withPlainNullables(EntryListSchema));
    expect(validations(lists)).toBe(0);
  });

  it('leaves a schema without nullable pairs as it is, and rewrites a shared schema once', () => {
    const plainSchema = Type.Object({ id: Type.String(), items: Type.Array(Type.Integer()) });
    expect(withPlainNullables(plainSchema)).toBe(plainSchema);
    expect(withPlainNullables(Nullables)).toBe(withPlainNullables(Nullables));
  });
});
