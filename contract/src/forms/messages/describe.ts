import type { FieldError } from '../../error-codes.ts';
import { localizeText } from '../../localize.ts';
import { valueText } from '../choice-text.ts';
import type { ExpectedType, KnownFormat, ValidationTexts } from './texts.ts';

// The rule that turns a field error (keyword and Ajv's params) into a sentence a person understands,
// in the texts of one language. Without TypeBox or Ajv, so the web app bundles it freely.

/** What a message needs of the field's UI element: its widget, label and offered values. */
export type MessageElement = { scope?: string; widget?: string; label?: unknown; options?: unknown };

const TYPES: readonly ExpectedType[] = ['string', 'number', 'integer', 'boolean', 'array', 'object'];
const FORMATS: Record<string, KnownFormat> = {
  email: 'email',
  'idn-email': 'email',
  uri: 'uri',
  url: 'uri',
  'uri-reference': 'uri',
  iri: 'uri',
  'iri-reference': 'uri',
  date: 'date',
  time: 'time',
  'iso-time': 'time',
  'date-time': 'date-time',
  'iso-date-time': 'date-time',
};

/** The one type Ajv expected, without null: its `type` param is a name, a comma list or an array. */
function expectedType(param: unknown): ExpectedType | undefined {
  const names = (Array.isArray(param) ? param : String(param ?? '').split(',')).map((n) => String(n).trim());
  return names.find((n): n is ExpectedType => (TYPES as readonly string[]).includes(n));
}

function numberIn(language: string, value: number): string {
  try {
    return new Intl.NumberFormat(language).format(value);
  } catch {
    return String(value);
  }
}

/** Alternatives as words: "A", "A oder B", "A, B oder C". */
function alternatives(items: string[], or: string): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} ${or} ${items.at(-1)}`;
}

/** A field error as one plain sentence in the language of `texts`, choices named by their texts. */
export function describeFieldErrorWith(
  texts: ValidationTexts,
  error: FieldError,
  language: string,
  element?: MessageElement,
): string {
  const params = error.params ?? {};
  const limit = Number(params.limit);
  const shown = Number.isFinite(limit) ? numberIn(language, limit) : String(params.limit ?? '');
  const shownText = (value: unknown) => valueText(element, value, language);
  switch (error.keyword) {
    case 'required':
      return texts.required;
    case 'type': {
      const type = expectedType(params.type);
      return type ? texts.type[type] : texts.invalid;
    }
    case 'format':
      return texts.format[FORMATS[String(params.format)] ?? 'other'];
    case 'enum': {
      const allowed = Array.isArray(params.allowedValues) ? params.allowedValues : [];
      return allowed.length > 0 ? texts.enum(alternatives(allowed.map(shownText), texts.or)) : texts.invalid;
    }
    case 'const':
      return typeof params.allowedValue === 'boolean'
        ? texts.tick[params.allowedValue ? 'true' : 'false']
        : texts.const(shownText(params.allowedValue));
    case 'pattern':
      return texts.pattern;
    case 'minLength':
      return texts.minLength(limit, shown);
    case 'maxLength':
      return texts.maxLength(limit, shown);
    case 'minimum':
      return texts.minimum(shown);
    case 'maximum':
      return texts.maximum(shown);
    case 'exclusiveMinimum':
      return texts.exclusiveMinimum(shown);
    case 'exclusiveMaximum':
      return texts.exclusiveMaximum(shown);
    case 'multipleOf': {
      const step = Number(params.multipleOf);
      return texts.multipleOf(Number.isFinite(step) ? numberIn(language, step) : String(params.multipleOf));
    }
    case 'minItems':
      return texts.minItems(limit, shown);
    case 'maxItems':
      return texts.maxItems(limit, shown);
    case 'uniqueItems':
      return texts.uniqueItems;
    case 'additionalProperties':
      return texts.additionalProperties(String(params.additionalProperty ?? ''));
    default:
      return texts.invalid;
  }
}

/** The label people see for a field: its UI element's, the built-in name of title and content, or its name. */
export function fieldLabelWith(
  texts: ValidationTexts,
  name: string,
  language: string,
  element?: MessageElement,
): string {
  const label = element ? localizeText(element.label as never, language) : '';
  if (label) return label;
  if (name === 'title' || name === 'content') return texts.fields[name];
  return name;
}
