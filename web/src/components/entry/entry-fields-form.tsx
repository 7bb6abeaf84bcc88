import { useMemo } from 'react';
import { Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ObjectSchema, UiSchema } from '@einwurf/contract';
import { ErrorList, SchemaForm, UploadProvider } from '../../forms';
import type { EntryViewer } from './describe-event';
import type { EntryDraft } from './use-entry-draft';

type EntryFieldsFormProps = {
  draft: EntryDraft;
  viewer: EntryViewer;
  schema: ObjectSchema;
  uiSchema: UiSchema;
};

/** The entry's title and its type's fields, bound to the draft; uploads go to the viewer's endpoints. */
export function EntryFieldsForm({ draft, viewer, schema, uiSchema }: EntryFieldsFormProps) {
  const { t } = useTranslation();
  const { base, edited, mode, isReadOnly, titleErrors } = draft;
  const uploadTarget = useMemo(
    () => ({ role: viewer === 'author' ? ('anon' as const) : ('mod' as const), entryId: base.id }),
    [viewer, base.id],
  );
  return (
    <Stack gap="md">
      <TextInput
        label={t('entry.fields.title')}
        value={edited.title}
        required={mode === 'strict'}
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
