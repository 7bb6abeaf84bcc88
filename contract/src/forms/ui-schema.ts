import Type from 'typebox';
import type { TSchema } from 'typebox';
import Value from 'typebox/value';
import { LocalizedTextSchema } from '../content-types.ts';
import { LOCALES } from '../limits.ts';
import {
  INPUT_TYPES,
  LOWERCASE_PATTERN,
  PLAIN_WIDGETS,
  predefinedTagValue,
  WIDGETS,
  widgetOf,
  type WidgetName,
} from './widgets.ts';

export * from './widgets.ts';

// Closed objects, so a misspelt key ("lable", "choises") is refused instead of silently ignored.
const CLOSED = { additionalProperties: false } as const;
const NonEmptyString = Type.String({ minLength: 1 });
const NonEmptyLocalizedTextSchema = Type.Object(
  Object.fromEntries(LOCALES.map((l) => [l, NonEmptyString])) as Record<
    (typeof LOCALES)[number],
    typeof NonEmptyString
  >,
);

const elementBase = {
  scope: Type.String({ minLength: 1, description: 'a property name of the merged schema' }),
  label: LocalizedTextSchema,
  help: Type.Optional(LocalizedTextSchema),
  private: Type.Optional(
    Type.Boolean({ description: 'true: moderation sees the field, public outputs never carry it' }),
  ),
};

export const SelectChoiceSchema = Type.Object(
  { value: NonEmptyString, text: Type.Union([NonEmptyLocalizedTextSchema, NonEmptyString]) },
  CLOSED,
);
export type SelectChoice = Type.Static<typeof SelectChoiceSchema>;

export const InputOptionsSchema = Type.Object({ type: Type.Optional(Type.Enum(INPUT_TYPES)) }, CLOSED);
export const SelectOptionsSchema = Type.Object(
  { multiple: Type.Optional(Type.Boolean()), choices: Type.Array(SelectChoiceSchema, { minItems: 1 }) },
  CLOSED,
);
const TagValue = Type.String({ minLength: 1, pattern: LOWERCASE_PATTERN });
/** A predefined tag: its stored value alone, or the value with the text people see (per locale). */
export const PredefinedTagSchema = Type.Union([
  TagValue,
  Type.Object({ value: TagValue, text: Type.Union([NonEmptyLocalizedTextSchema, NonEmptyString]) }, CLOSED),
]);
export const TagsPredefinedOptionsSchema = Type.Object(
  { tags: Type.Array(PredefinedTagSchema, { minItems: 1, uniqueItems: true }) },
  CLOSED,
);

export const PlainElementSchema = Type.Object(
  { ...elementBase, widget: Type.Enum(PLAIN_WIDGETS), options: Type.Optional(Type.Object({}, CLOSED)) },
  CLOSED,
);
export const InputElementSchema = Type.Object(
  { ...elementBase, widget: Type.Literal('input'), options: Type.Optional(InputOptionsSchema) },
  CLOSED,
);
export const SelectElementSchema = Type.Object(
  { ...elementBase, widget: Type.Literal('select'), options: SelectOptionsSchema },
  CLOSED,
);
export const TagsPredefinedElementSchema = Type.Object(
  { ...elementBase, widget: Type.Literal('tags-predefined'), options: TagsPredefinedOptionsSchema },
  CLOSED,
);

export const UiElementSchema = Type.Union([
  PlainElementSchema,
  InputElementSchema,
  SelectElementSchema,
  TagsPredefinedElementSchema,
]);
export type UiElement = Type.Static<typeof UiElementSchema>;
export type InputElement = Type.Static<typeof InputElementSchema>;
export type SelectElement = Type.Static<typeof SelectElementSchema>;
export type TagsPredefinedElement = Type.Static<typeof TagsPredefinedElementSchema>;

/** `uischema.json`: one element per field, in display order. */
export const UiSchemaSchema = Type.Array(UiElementSchema);
export type UiSchema = Type.Static<typeof UiSchemaSchema>;

const FieldName = (description: string) => Type.String({ minLength: 1, description });

/**
 * `calendar` of a type's `config.json`: which fields make an iCalendar event of an entry, so the
 * type has a calendar feed. Each value names a property of the type; none may be private.
 */
export const CalendarMappingSchema = Type.Object(
  {
    start: FieldName('a date-time property (a timed event) or a date property (an all-day event)'),
    end: Type.Optional(
      FieldName('a date-time property, or a date property: the last day, inclusive (a whole UTC day)'),
    ),
    summary: FieldName('the event\'s name: "title" or a string property'),
    location: Type.Optional(FieldName('a string property')),
    description: Type.Optional(FieldName('a string property, "content" for the entry\'s text')),
    url: Type.Optional(FieldName("a URL property; without it, the entry's public page")),
  },
  CLOSED,
);
export type CalendarMapping = Type.Static<typeof CalendarMappingSchema>;

/**
 * `config.json` of a type: its names per locale, file limits where they differ from the server's, the
 * origins besides this server whose files its image and file fields may name, and the fields of its
 * calendar events when it has a calendar feed.
 */
export const TypeConfigSchema = Type.Object(
  {
    title: LocalizedTextSchema,
    description: LocalizedTextSchema,
    calendar: Type.Optional(CalendarMappingSchema),
    file: Type.Optional(
      Type.Object(
        {
          max_file_size: Type.Optional(Type.Integer({ minimum: 1, description: 'bytes' })),
          allowed_extensions: Type.Optional(
            Type.Array(Type.String({ pattern: '^[A-Za-z0-9]+$', description: 'without the dot' }), {
              minItems: 1,
            }),
          ),
          allowed_origins: Type.Optional(
            Type.Array(
              Type.String({
                pattern: '^https?://[A-Za-z0-9.-]+(?::[0-9]{1,5})?$',
                description:
                  'an origin whose files image and file fields may name, e.g. https://cdn.example.org',
              }),
            ),
          ),
        },
        CLOSED,
      ),
    ),
  },
  CLOSED,
);
export type TypeConfig = Type.Static<typeof TypeConfigSchema>;

/**
 * One thing wrong in a checked document: `path` is a JSON pointer into it ('' for the whole), `message`
 * English words for logs and the CLI; `keyword` and `params` let a screen word it in its language
 * (TypeBox's keyword, or `lowercase`, `repeatedTag`, `notArray`).
 */
export type FormatProblem = {
  path: string;
  message: string;
  keyword?: string;
  params?: Record<string, unknown>;
};

const ELEMENT_SCHEMA_BY_WIDGET: Record<WidgetName, (typeof UiElementSchema.anyOf)[number]> = {
  ...(Object.fromEntries(PLAIN_WIDGETS.map((w) => [w, PlainElementSchema])) as Record<
    (typeof PLAIN_WIDGETS)[number],
    typeof PlainElementSchema
  >),
  input: InputElementSchema,
  select: SelectElementSchema,
  'tags-predefined': TagsPredefinedElementSchema,
};

// Used only while the widget is unknown, to report every other problem of the element as well.
const AnyElementSchema = Type.Object({
  ...elementBase,
  widget: Type.Enum(WIDGETS),
  options: Type.Optional(Type.Object({})),
});

/** Lists what makes `value` differ from `schema`, with paths prefixed by `prefix`. */
function formatProblems(schema: TSchema, value: unknown, prefix = ''): FormatProblem[] {
  const errors = Value.Errors(schema, value)
    .filter((e) => !(e.keyword === 'boolean' && e.schemaPath.endsWith('/additionalProperties')))
    .filter((e) => e.keyword !== 'anyOf');
  // A predefined tag is a string or an object: the union member it is not of says only "must be
  // string" or "must be object", which names no real problem of a string or an object tag.
  return errors
    .filter((e) => !(e.keyword === 'type' && isStringOrObjectTag(value, e.instancePath)))
    .map((e) => ({
      path: prefix + e.instancePath,
      message: describeError(e),
      keyword: e.keyword === 'pattern' && e.params.pattern === LOWERCASE_PATTERN ? 'lowercase' : e.keyword,
      params: { ...e.params },
    }));
}

function isStringOrObjectTag(root: unknown, pointer: string): boolean {
  const match = /^\/options\/tags\/(\d+)$/.exec(pointer);
  if (!match) return false;
  const tags = (root as { options?: { tags?: unknown } } | null)?.options?.tags;
  const tag: unknown = Array.isArray(tags) ? tags[Number(match[1])] : undefined;
  return typeof tag === 'string' || (typeof tag === 'object' && tag !== null && !Array.isArray(tag));
}

/** Predefined tags whose value repeats (a plain tag and a labelled tag may name the same value). */
function repeatedTagProblems(element: unknown, prefix: string): FormatProblem[] {
  if (widgetOf(element) !== 'tags-predefined') return [];
  const tags = (element as { options?: { tags?: unknown } }).options?.tags;
  if (!Array.isArray(tags)) return [];
  const values = tags.map(predefinedTagValue);
  return values.flatMap((value, index) =>
    value !== '' && values.indexOf(value) !== index
      ? [
          {
            path: `${prefix}/options/tags/${index}`,
            message: `repeats the tag value ${JSON.stringify(value)}`,
          },
        ]
      : [],
  );
}

function describeError(error: ReturnType<typeof Value.Errors>[number]): string {
  switch (error.keyword) {
    case 'additionalProperties':
      return `unknown key ${error.params.additionalProperties.map((k) => JSON.stringify(k)).join(', ')}`;
    case 'enum':
      return `must be one of ${error.params.allowedValues.map((v) => JSON.stringify(v)).join(', ')}`;
    case 'const':
      return `must be ${JSON.stringify(error.params.allowedValue)}`;
    case 'pattern':
      return error.params.pattern === LOWERCASE_PATTERN ? 'must be lowercase' : error.message;
    default:
      return error.message;
  }
}

/** Checks a parsed `uischema.json` against the UI-schema format; empty when it conforms. */
export function checkUiSchema(value: unknown): FormatProblem[] {
  if (!Array.isArray(value)) {
    return [{ path: '', message: 'must be an array of elements', keyword: 'notArray', params: {} }];
  }
  return value.flatMap((element: unknown, index) => {
    const widget = widgetOf(element);
    const schema = widget === undefined ? AnyElementSchema : ELEMENT_SCHEMA_BY_WIDGET[widget];
    // Only the union member of the element's own widget speaks, so errors name the real problem.
    const problems = formatProblems(schema, element, `/${index}`);
    return problems.length > 0 ? problems : repeatedTagProblems(element, `/${index}`);
  });
}

/** Checks a parsed `config.json` against the type config format; empty when it conforms. */
export function checkTypeConfig(value: unknown): FormatProblem[] {
  return formatProblems(TypeConfigSchema, value);
}

/** Tells whether a parsed value is a well-formed UI schema. */
export function isUiSchema(value: unknown): value is UiSchema {
  return checkUiSchema(value).length === 0;
}
