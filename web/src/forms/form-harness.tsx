import { useState } from 'react';
import { expect, vi } from 'vitest';
import { waitFor } from '@testing-library/react';
import {
  createEntryValidator,
  type FieldError,
  type ObjectSchema,
  type PropertySchema,
  type UiElement,
  type UiSchema,
  type ValidationMode,
} from '@einwurf/contract';
import type { Locale } from '@einwurf/contract';
import type { FormData } from './form-store';
import { SchemaForm } from './schema-form';
import { element as makeElement, objectSchema, renderWithForms } from './test-utils';

type HarnessOptions = {
  value?: FormData;
  mode?: ValidationMode;
  errors?: readonly FieldError[];
  disabled?: boolean;
  language?: Locale;
};

/** Renders a SchemaForm held by a parent that stores what it emits, as a screen would. */
export function renderSchemaForm(schema: ObjectSchema, uiSchema: UiSchema, options: HarnessOptions = {}) {
  const onChange = vi.fn<(value: FormData) => void>();
  const validator = createEntryValidator(schema);
  function Host() {
    const [value, setValue] = useState<FormData>(options.value ?? {});
    return (
      <SchemaForm
        schema={schema}
        uiSchema={uiSchema}
        value={value}
        onChange={(next) => {
          onChange(next);
          setValue(next);
        }}
        validator={validator}
        mode={options.mode}
        errors={options.errors}
        disabled={options.disabled}
      />
    );
  }
  const view = renderWithForms(<Host />, { language: options.language });
  const lastValue = () => onChange.mock.lastCall?.[0];
  return { ...view, onChange, lastValue };
}

/** Renders one field: its UI element and its property's schema (required when told). */
export function renderField(
  element: Record<string, unknown>,
  property: PropertySchema,
  options: HarnessOptions & { required?: boolean } = {},
) {
  const ui: UiElement = makeElement(element);
  const schema = objectSchema({ [ui.scope]: property }, options.required ? [ui.scope] : []);
  return renderSchemaForm(schema, [ui], options);
}

/** renderField, resolved once lazily loaded widgets (date, time, date-time) stand in their place. */
export async function renderLoadedField(...args: Parameters<typeof renderField>) {
  const view = renderField(...args);
  await waitFor(() => expect(view.container.querySelector('[data-lazy-widget]')).toBeNull());
  return view;
}

/** The wrapper the renderer puts around a field, carrying its state. */
export function fieldBox(container: HTMLElement, scope: string): HTMLElement {
  const box = container.querySelector<HTMLElement>(`[data-field="${scope}"]`);
  if (!box) throw new Error(`no field ${scope}`);
  return box;
}
