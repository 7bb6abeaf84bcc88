import { Badge, Button, Group, Stack, Title } from '@mantine/core';
import type { ObjectSchema, UiSchema } from '@einwurf/contract';
import { useTranslation } from 'react-i18next';
import { EntryFieldsForm } from '../../../components/entry/entry-fields-form';
import { SavedAgo } from './kept';
import type { EntryDraft } from '../../../components/entry/use-entry-draft';
import '../strings';

type ModerateFormProps = {
  draft: EntryDraft;
  schema: ObjectSchema;
  uiSchema: UiSchema;
  /** Whether the save under way is this form's (not a state change's). */
  isSaving: boolean;
  onSave: () => void;
};

/** The entry's content as moderation edits it, with the unsaved-changes badge and its own save. */
export function ModerateForm({ draft, schema, uiSchema, isSaving, onSave }: ModerateFormProps) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="entry-form-heading">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          onSave();
        }}
      >
        <Stack gap="md">
          <Group gap="sm">
            <Title order={2} size="h3" id="entry-form-heading">
              {t('moderate.formTitle')}
            </Title>
            {draft.isDirty && (
              <Badge variant="outline" color="gray.8" tt="none">
                {t('moderate.unsaved')}
              </Badge>
            )}
          </Group>
          <EntryFieldsForm draft={draft} viewer="moderation" schema={schema} uiSchema={uiSchema} />
          <Group gap="sm">
            <Button type="submit" loading={isSaving} disabled={draft.isReadOnly}>
              {t('moderate.save')}
            </Button>
            {!draft.isReadOnly && <SavedAgo at={draft.base.updated_at} />}
          </Group>
        </Stack>
      </form>
    </section>
  );
}
