import type { ValidationTexts } from './texts.ts';

/** The validation texts in English. */
export const VALIDATION_TEXTS_EN: ValidationTexts = {
  required: 'This field is required.',
  type: {
    string: 'Please enter some text here.',
    number: 'Please enter a number.',
    integer: 'Please enter a whole number, without decimals.',
    boolean: 'Please choose yes or no.',
    array: 'Please choose one or more entries.',
    object: 'This field is not filled in correctly.',
  },
  format: {
    email: 'Please enter an e-mail address, for example name@example.org.',
    uri: 'Please enter a web address starting with https://.',
    date: 'Please enter a date, for example 24.12.2026.',
    time: 'Please enter a time, for example 18:30.',
    'date-time': 'Please enter a date and time, for example 24.12.2026 18:30.',
    other: 'The entry does not have the expected form.',
  },
  enum: (choices) => `Please choose ${choices}.`,
  const: (value) => `Only “${value}” fits here.`,
  tick: { true: 'Please tick this box.', false: 'Please untick this box.' },
  pattern: 'The entry does not have the expected form.',
  minLength: (limit, shown) =>
    limit === 1 ? 'This field is required.' : `Please enter at least ${shown} characters.`,
  maxLength: (limit, shown) =>
    limit === 1 ? 'Please enter at most one character.' : `Please enter at most ${shown} characters.`,
  minimum: (shown) => `Please enter a number of at least ${shown}.`,
  maximum: (shown) => `Please enter a number of at most ${shown}.`,
  exclusiveMinimum: (shown) => `Please enter a number above ${shown}.`,
  exclusiveMaximum: (shown) => `Please enter a number below ${shown}.`,
  multipleOf: (shown) => `Please enter a number in steps of ${shown}.`,
  minItems: (limit, shown) =>
    limit === 1 ? 'Please choose at least one entry.' : `Please choose at least ${shown} entries.`,
  maxItems: (limit, shown) =>
    limit === 1 ? 'Please choose at most one entry.' : `Please choose at most ${shown} entries.`,
  uniqueItems: 'Each entry may appear only once.',
  additionalProperties: (name) => `This form has no field “${name}”.`,
  invalid: 'This entry does not fit. Please check it.',
  fields: { title: 'Title', content: 'Text' },
  or: 'or',
  summary: (fields) =>
    fields.length === 1
      ? `Please check the field “${fields[0]}”.`
      : `Please check these fields: ${fields.map((f) => `“${f}”`).join(', ')}.`,
  labelled: (label, sentence) => `${label}: ${sentence}`,
};
