import { useMemo } from 'react';
import { Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ObjectSchema, UiSchema } from '@einwurf/contract';
import { ErrorList, RequiredLegend, SchemaForm, UploadProvider, requiredProps } from '../../forms';
import type { EntryViewer } from './describe-event';
import type { EntryDraft } from './use-entry-draft';

type EntryFieldsFormProps = {
  draft: EntryDraft;
  viewer: EntryViewer;
  schema: ObjectSchema;
  uiSchema: UiSchema;
};

/**
 * The entry's title and its type's fields, bound to the draft; uploads go to the viewer's endpoints.
 * The fields the schema requires to propose or publish carry an asterisk, explained above the form.
 */
export function EntryFieldsForm({ draft, viewer, schema, uiSchema }: EntryFieldsFormProps) {
  const { t } = useTranslation();
  const { base, edited, mode, isReadOnly, titleErrors } = draft;
  const uploadTarget = useMemo(
    () => ({ role: viewer === 'author' ? ('anon' as const) : ('mod' as const), entryId: base.id }),
    [viewer, base.id],
  );
  const required = schema.required ?? [];
  return (
    <Stack gap="md">
      {required.length > 0 && <RequiredLegend />}
      <TextInput
        id="entry-title"
        label={t('entry.fields.title')}
        value={edited.title}
        {...requiredProps(required.includes('title'))}
        disabled={isReadOnly}
        error={titleErrors.length > 0 ? <ErrorList errors={titleErrors} /> : undefined}
        onChange={(event) => draft.handleTitleChange(event.currentTarget.value)}
      />
      <UploadProvider cpt={base.type} target={uploadTarget}>
        <SchemaForm
          schema={schema}
          uiSchema={uiSchema}
          value={edited}
          onChange={draft.handleFormChange}
          validator={draft.validator}
          mode={mode}
          errors={draft.serverErrors}
          disabled={isReadOnly}
          storeRef={draft.storeRef}
        />
      </UploadProvider>
    </Stack>
  );
}
