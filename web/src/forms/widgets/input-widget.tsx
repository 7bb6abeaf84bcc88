import { TextInput } from '@mantine/core';
import { DEFAULT_INPUT_TYPE, INPUT_TYPES, type InputType } from '@einwurf/contract';
import type { WidgetProps } from '../types';
import { feedbackProps, textOf } from './feedback';

const NUMERIC = new Set<InputType>(['number', 'range']);

function isInputType(value: unknown): value is InputType {
  return (INPUT_TYPES as readonly unknown[]).includes(value);
}

const numberOrUndefined = (value: unknown) => (typeof value === 'number' ? value : undefined);

/** A one-line input of one of the HTML types the spec lists (text by default). */
export function InputWidget(props: WidgetProps) {
  const { id, value, onChange, label, disabled, element, schema } = props;
  const type: unknown =
    element.widget === 'input' ? (element.options?.type ?? DEFAULT_INPUT_TYPE) : undefined;
  if (!isInputType(type)) {
    // The UI schema is checked when a type loads; reaching this means an unchecked schema got through.
    throw new Error(
      `Field "${element.scope}": input type ${JSON.stringify(type)} is not one of ${INPUT_TYPES.join(', ')}`,
    );
  }
  const numeric = NUMERIC.has(type);
  return (
    <TextInput
      id={id}
      type={type}
      label={label}
      {...feedbackProps(props)}
      value={textOf(value)}
      min={numberOrUndefined(schema.minimum)}
      max={numberOrUndefined(schema.maximum)}
      disabled={disabled}
      onChange={(event) => {
        const text = event.currentTarget.value;
        onChange(numeric && text !== '' ? Number(text) : text);
      }}
    />
  );
}
