// The shape of the plain-language validation texts of one language. Each language sits in its own
// module (de.ts, de-ch.ts, en.ts), so the web app loads a language's texts with its catalogue.

/** The JSON types a value can be expected to have. */
export type ExpectedType = 'string' | 'number' | 'integer' | 'boolean' | 'array' | 'object';
/** The formats with their own sentence; any other format gets `other`. */
export type KnownFormat = 'email' | 'uri' | 'date' | 'time' | 'date-time' | 'other';

/** The sentences of one language. Numbers and lists arrive already written in that language. */
export type ValidationTexts = {
  required: string;
  type: Record<ExpectedType, string>;
  format: Record<KnownFormat, string>;
  /** `choices`: the offered choices as the person saw them, joined with `or`. */
  enum: (choices: string) => string;
  const: (value: string) => string;
  /** A yes/no field that must be ticked (`true`) or left empty (`false`). */
  tick: { true: string; false: string };
  pattern: string;
  minLength: (limit: number, shown: string) => string;
  maxLength: (limit: number, shown: string) => string;
  minimum: (shown: string) => string;
  maximum: (shown: string) => string;
  exclusiveMinimum: (shown: string) => string;
  exclusiveMaximum: (shown: string) => string;
  multipleOf: (shown: string) => string;
  minItems: (limit: number, shown: string) => string;
  maxItems: (limit: number, shown: string) => string;
  uniqueItems: string;
  additionalProperties: (name: string) => string;
  invalid: string;
  /** The word before the last item of a list of alternatives. */
  or: string;
  /** The names of the fields every type has, which no UI element labels. */
  fields: { title: string; content: string };
  /** The whole answer's message: the fields to check, by their labels. */
  summary: (fields: string[]) => string;
  /** One field's message in a list of several: the label, then the sentence. */
  labelled: (label: string, sentence: string) => string;
};
