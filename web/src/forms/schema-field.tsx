import { memo, useCallback, useMemo, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import type { PropertySchema, UiElement } from '@einwurf/contract';
import { translateFieldErrors, useValidationMessagesReady } from './field-errors';
import type { FormStore } from './form-store';
import { localizeText } from './localize';
import { useWidget } from './registry';
import type { FieldState } from './types';
import { isEmptyValue } from './widgets/feedback';

type SchemaFieldProps = {
  store: FormStore;
  element: UiElement;
  schema: PropertySchema;
  idPrefix: string;
  disabled: boolean;
  /** The schema requires the field (checked when proposing or publishing). */
  required: boolean;
};

/** One field of a schema form: reads only its own slice of the store, so siblings never re-render it. */
export const SchemaField = memo(function SchemaField({
  store,
  element,
  schema,
  idPrefix,
  disabled,
  required,
}: SchemaFieldProps) {
  const { i18n } = useTranslation();
  const { scope, widget } = element;
  const snapshot = useSyncExternalStore(store.subscriber(scope), () => store.snapshot(scope));
  const Widget = useWidget(widget);
  const handleChange = useCallback((value: unknown) => store.setField(scope, value), [store, scope]);

  const shown = useMemo(
    () => [...snapshot.serverErrors, ...(snapshot.dirty ? snapshot.clientErrors : [])],
    [snapshot],
  );
  const messagesReady = useValidationMessagesReady();
  const errors = useMemo(
    () => (messagesReady ? translateFieldErrors(shown, i18n.language, element) : []),
    [messagesReady, shown, i18n.language, element],
  );
  // A required field left empty is never shown as valid, though a draft may still be saved so.
  const filled = !(required && isEmptyValue(snapshot.value));
  const state: FieldState = shown.length > 0 ? 'invalid' : snapshot.dirty && filled ? 'valid' : 'neutral';

  if (!Widget) {
    // Types are checked when they load (checkContentType), so this means a widget module is missing.
    throw new Error(`No widget is registered for "${widget}" (field "${scope}")`);
  }
  return (
    <div data-field={scope} data-state={state}>
      <Widget
        id={`${idPrefix}-${scope}`}
        value={snapshot.value}
        onChange={handleChange}
        label={localizeText(element.label, i18n.language)}
        help={element.help ? localizeText(element.help, i18n.language) || undefined : undefined}
        errors={errors}
        state={state}
        required={required}
        disabled={disabled}
        element={element}
        schema={schema}
      />
    </div>
  );
});
