import Type from 'typebox';

export * from './error-codes.ts';

const FieldErrorSchema = Type.Object({
  field: Type.String(),
  keyword: Type.String(),
  message: Type.String(),
  params: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
});

/** The `error` object of every error answer. */
export const ErrorObjectSchema = Type.Object({
  code: Type.String({ description: "one of the contract's ERROR_STATUS codes" }),
  message: Type.String(),
  fields: Type.Optional(Type.Array(FieldErrorSchema)),
});

/** The body of every error answer, for response schemas (OpenAPI); a 409 of a stale save adds the entry. */
export const ErrorBodySchema = Type.Object({ error: ErrorObjectSchema }, { additionalProperties: true });
