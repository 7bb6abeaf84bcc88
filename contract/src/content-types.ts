import Type from 'typebox';
import { LOCALES } from './limits.ts';

export const LocalizedTextSchema = Type.Object(
  Object.fromEntries(LOCALES.map((l) => [l, Type.String()])) as Record<
    (typeof LOCALES)[number],
    ReturnType<typeof Type.String>
  >,
);
export type LocalizedText = Type.Static<typeof LocalizedTextSchema>;

/** One entry type as `GET /api/v1/` lists it. */
export const EntryTypeSummarySchema = Type.Object({
  name: Type.String(),
  title: LocalizedTextSchema,
  description: LocalizedTextSchema,
});
export type EntryTypeSummary = Type.Static<typeof EntryTypeSummarySchema>;

export const ApiRootSchema = Type.Object({
  meta: Type.Object({ version: Type.String() }),
  data: Type.Array(EntryTypeSummarySchema),
});
export type ApiRoot = Type.Static<typeof ApiRootSchema>;

/** `GET config`: what the web app needs to know of the server's settings. */
export const PublicConfigSchema = Type.Object({
  file: Type.Object({
    max_file_size: Type.Integer(),
    allowed_extensions: Type.Array(Type.String()),
  }),
  pow: Type.Object({ difficulty: Type.Integer() }),
  version: Type.String(),
});
export type PublicConfig = Type.Static<typeof PublicConfigSchema>;
