import { useId, useLayoutEffect, useMemo, useRef } from 'react';
import { Stack } from '@mantine/core';
import type {
  EntryValidator,
  FieldError,
  ObjectSchema,
  PropertySchema,
  UiSchema,
  ValidationMode,
} from '@einwurf/contract';
import { FormStore, type FormData } from './form-store';
import { SchemaField } from './schema-field';

export type SchemaFormProps = {
  /** The merged entry schema (base.json + the type's schema.json). */
  schema: ObjectSchema;
  uiSchema: UiSchema;
  /** The entry's data; the form is controlled, but only fields whose value differs re-render. */
  value: FormData;
  onChange: (value: FormData) => void;
  /**
   * The same validator the server runs: `loadEntryValidator(type)` for shipped types (no eval, so it
   * runs under the app's CSP), `createEntryValidator(schema)` where 'unsafe-eval' is allowed.
   */
  validator: EntryValidator;
  /** Draft checks types and formats only, as a draft save does; strict checks required fields too. */
  mode?: ValidationMode;
  /** Errors from the server's answer, shown on their fields whether the field is dirty or not. */
  errors?: readonly FieldError[];
  disabled?: boolean;
  /** Receives the store, e.g. to call touchAll() before proposing. */
  storeRef?: { current: FormStore | null };
};

const NO_ERRORS: readonly FieldError[] = [];
const ANY_VALUE: PropertySchema = {};

/** Renders an entry's fields in UI-schema order, each with the widget registered for it. */
export function SchemaForm({
  schema,
  uiSchema,
  value,
  onChange,
  validator,
  mode = 'draft',
  errors = NO_ERRORS,
  disabled = false,
  storeRef,
}: SchemaFormProps) {
  const idPrefix = useId();
  const scopes = useMemo(() => uiSchema.map((element) => element.scope), [uiSchema]);
  const storeFor = useRef<{ scopes: readonly string[]; store: FormStore } | null>(null);
  if (storeFor.current?.scopes !== scopes) {
    storeFor.current = { scopes, store: new FormStore({ scopes, value, validator, mode, onChange }) };
  }
  const { store } = storeFor.current;

  useLayoutEffect(() => {
    store.onChange = onChange;
    store.setValidation(validator, mode);
    store.syncValue(value);
  }, [store, onChange, validator, mode, value]);
  useLayoutEffect(() => store.setServerErrors(errors), [store, errors]);
  useLayoutEffect(() => {
    if (storeRef) storeRef.current = store;
  }, [store, storeRef]);

  return (
    <Stack gap="md">
      {uiSchema.map((element) => (
        <SchemaField
          key={element.scope}
          store={store}
          element={element}
          schema={schema.properties[element.scope] ?? ANY_VALUE}
          idPrefix={idPrefix}
          disabled={disabled}
          required={schema.required?.includes(element.scope) ?? false}
        />
      ))}
    </Stack>
  );
}
