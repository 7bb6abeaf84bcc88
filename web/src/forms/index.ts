export { SchemaForm, type SchemaFormProps } from './schema-form';
export { FormStore, type FieldSnapshot, type FormData } from './form-store';
export { registerWidget, getWidget, useWidget } from './registry';
export { BUILTIN_WIDGETS } from './builtin-widgets';
export type { FieldState, WidgetComponent, WidgetProps } from './types';
export { localizeText, useLanguage } from './localize';
export {
  translateFieldErrors,
  scopeOfError,
  useValidationMessagesReady,
  validationMessagesReady,
} from './field-errors';
export { feedbackProps, requiredProps, ErrorList } from './widgets/feedback';
export { RequiredLegend } from './required-legend';
export { fileNameOf } from './widgets/files/file-names';
export { normalizeTags } from './widgets/tags-predefined-widget';
export { joinDateTime, splitDateTime } from './widgets/datetime-parts';
export { loadEntryValidator } from './load-entry-validator';
export { UploadProvider, StaticUploadProvider, useUploads, type UploadContextValue } from './upload-context';
