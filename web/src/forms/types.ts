import type { ComponentType } from 'react';
import type { PropertySchema, UiElement } from '@einwurf/contract';

/** Neutral until the author changes the field, then valid or invalid per validation. */
export type FieldState = 'neutral' | 'valid' | 'invalid';

/** What the renderer hands every widget; a widget registered later gets exactly these. */
export type WidgetProps = {
  id: string;
  value: unknown;
  onChange: (value: unknown) => void;
  /** Already localized for the current language. */
  label: string;
  help?: string;
  /** Already translated messages, empty when nothing is to be shown. */
  errors: readonly string[];
  state: FieldState;
  /** The type's schema requires the field (to propose or publish): an asterisk and aria-required. */
  required?: boolean;
  disabled: boolean;
  element: UiElement;
  /** The JSON schema of the element's property. */
  schema: PropertySchema;
};

export type WidgetComponent = ComponentType<WidgetProps>;
