import type { LocalizedText } from '../content-types.ts';
import { localizeText } from '../localize.ts';

// The texts people see for stored values of fields with offered values (select choices, predefined
// tags): for the forms, the reader's article, the revision diff and the validation messages. A plain
// module that imports only localize.ts, so each of them carries little with it.

/** A predefined tag as `options.tags` lists it: its value alone, or the value with its text. */
export type PredefinedTag = string | { value: string; text: LocalizedText | string };

/** The value a predefined tag stores; '' for something that is no tag. */
export function predefinedTagValue(tag: unknown): string {
  if (typeof tag === 'string') return tag;
  if (typeof tag === 'object' && tag !== null && typeof (tag as { value?: unknown }).value === 'string') {
    return (tag as { value: string }).value;
  }
  return '';
}

/** The text people see for a predefined tag in `language`: its label, or its value when it has none. */
export function predefinedTagText(tag: PredefinedTag, language: string): string {
  return typeof tag === 'string' ? tag : localizeText(tag.text, language) || tag.value;
}

type ChoiceLike = { value: string; text: LocalizedText | string };

/**
 * The text people see for a stored value of a field with offered values (a select's choices, the
 * predefined tags) in `language`; the value itself for any other field or a value not offered.
 */
export function valueText(element: unknown, value: unknown, language: string): string {
  const shown = typeof value === 'string' ? value : String(value);
  if (typeof element !== 'object' || element === null) return shown;
  const { widget, options } = element as {
    widget?: unknown;
    options?: { choices?: unknown; tags?: unknown };
  };
  if (widget === 'select' && Array.isArray(options?.choices)) {
    const choice = (options.choices as ChoiceLike[]).find((c) => c?.value === value);
    return choice ? localizeText(choice.text, language) || shown : shown;
  }
  if (widget === 'tags-predefined' && Array.isArray(options?.tags)) {
    const tag = (options.tags as PredefinedTag[]).find((t) => predefinedTagValue(t) === value);
    return tag === undefined ? shown : predefinedTagText(tag, language);
  }
  return shown;
}
