import { Type, TypeBoxValidatorCompiler, type TSchema } from '@fastify/type-provider-typebox';
import { describe, expect, it } from 'vitest';
import { requestValidatorCompiler } from './request-validator.ts';

type Result = { value?: unknown; error?: Iterable<unknown> };

const compile =
  (compiler: typeof requestValidatorCompiler, schema: TSchema, httpPart = 'params') =>
  (value: unknown) =>
    compiler({ schema, httpPart, method: 'GET', url: '/x' })(value) as Result;

const params = Type.Object({ id: Type.String({ minLength: 2 }), kind: Type.Optional(Type.Literal('a')) });
const query = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 1 })),
  q: Type.Optional(Type.String()),
});

describe('the request validator compiler', () => {
  it("answers as TypeBox's own does, for strings-only and converting schemas alike", () => {
    const cases: [TSchema, unknown][] = [
      [params, { id: 'abc' }],
      [params, { id: 'a' }],
      [params, { id: ['ab', 'cd'] }],
      [params, { id: 'abc', kind: 'b' }],
      [query, { page: '2', q: 'word' }],
      [query, { page: 'two' }],
      [query, { page: '0' }],
    ];
    for (const [schema, value] of cases) {
      const ours = compile(requestValidatorCompiler, schema)(value);
      const theirs = compile(TypeBoxValidatorCompiler, schema)(value);
      expect(ours.error === undefined, JSON.stringify(value)).toBe(theirs.error === undefined);
      expect(ours.value).toEqual(theirs.value);
      expect([...(ours.error ?? [])]).toEqual([...(theirs.error ?? [])]);
    }
  });

  it('still converts where a schema holds more than strings', () => {
    expect(compile(requestValidatorCompiler, query, 'querystring')({ page: '3' })).toEqual({
      value: { page: 3 },
    });
  });
});
