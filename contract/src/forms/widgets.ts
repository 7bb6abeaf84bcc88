import type { InputElement } from './ui-schema.ts';

// The widget names and input types without the UI schema's TypeBox format (ui-schema.ts), so the
// web app's forms carry no TypeBox.

export const WIDGETS = [
  'markdown',
  'image',
  'files',
  'input',
  'textarea',
  'select',
  'checkbox',
  'date',
  'time',
  'datetime',
  'tags',
  'tags-predefined',
] as const;
export type WidgetName = (typeof WIDGETS)[number];

export const INPUT_TYPES = [
  'text',
  'number',
  'email',
  'password',
  'search',
  'url',
  'tel',
  'date',
  'time',
  'range',
  'color',
] as const;
export type InputType = (typeof INPUT_TYPES)[number];
export const DEFAULT_INPUT_TYPE: InputType = 'text';

/** Widgets whose element carries no options (an empty `options` object is tolerated). */
export const PLAIN_WIDGETS = [
  'markdown',
  'image',
  'files',
  'textarea',
  'checkbox',
  'date',
  'time',
  'datetime',
  'tags',
] as const satisfies readonly WidgetName[];

/** Predefined tags are stored lowercased (spec section 2), so the offered ones must be lowercase too. */
export const LOWERCASE_PATTERN = '^[^\\p{Lu}\\p{Lt}]*$';

/** Tells the widget of a value that may be a UI element, when it names a known one. */
export function widgetOf(element: unknown): WidgetName | undefined {
  if (typeof element !== 'object' || element === null || !('widget' in element)) return undefined;
  const { widget } = element;
  return (WIDGETS as readonly unknown[]).includes(widget) ? (widget as WidgetName) : undefined;
}

/** The input type an `input` element renders, `text` when it names none. */
export function inputTypeOf(element: InputElement): InputType {
  return element.options?.type ?? DEFAULT_INPUT_TYPE;
}

/** The fields a UI schema marks private: moderation sees them, public outputs never carry them. */
export function privateFieldsOf(uiSchema: readonly unknown[]): Set<string> {
  return new Set(
    uiSchema.flatMap((element) =>
      typeof element === 'object' &&
      element !== null &&
      (element as { private?: unknown }).private === true &&
      typeof (element as { scope?: unknown }).scope === 'string'
        ? [(element as { scope: string }).scope]
        : [],
    ),
  );
}

export { predefinedTagText, predefinedTagValue, valueText, type PredefinedTag } from './choice-text.ts';
