import { useEffect, useState, type FormEvent } from 'react';
import { Alert, Button, Fieldset, Group, Modal, Stack, TextInput, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ApiError, isHandledError } from '../../../lib/api-client';
import {
  LOCALES,
  REPLY_TEMPLATE_TEXT_MAX,
  REPLY_TEMPLATE_TITLE_MAX,
  type Locale,
  type ReplyTemplate,
  type ReplyTemplateInput,
} from '../../../lib/contract';

type Part = 'title' | 'text';
/** A field's problem by its API name (`title/de`, `text/en`, …), and one for the whole form. */
type Problems = Partial<Record<`${Part}/${Locale}` | 'form', string>>;

const empty = (): ReplyTemplateInput => ({
  title: { de: '', 'de-CH': '', en: '' },
  text: { de: '', 'de-CH': '', en: '' },
});

type TemplateFormModalProps = {
  opened: boolean;
  /** The template to edit; none to create one. */
  template: ReplyTemplate | null;
  isPending: boolean;
  onSubmit: (values: ReplyTemplateInput, onError: (error: unknown) => void) => void;
  onClose: () => void;
};

/** Creates or edits a reply template: a subject and a text in each language, grouped by language. */
export function TemplateFormModal({
  opened,
  template,
  isPending,
  onSubmit,
  onClose,
}: TemplateFormModalProps) {
  const { t } = useTranslation();
  const [values, setValues] = useState<ReplyTemplateInput>(empty);
  const [problems, setProblems] = useState<Problems>({});

  useEffect(() => {
    if (!opened) return;
    setValues(template ? { title: { ...template.title }, text: { ...template.text } } : empty());
    setProblems({});
  }, [opened, template]);

  const change = (part: Part, locale: Locale, value: string) =>
    setValues((current) => ({ ...current, [part]: { ...current[part], [locale]: value } }));

  const handleError = (error: unknown) => {
    if (isHandledError(error)) return;
    const field = error instanceof ApiError ? error.fields?.[0]?.field?.replace(/^\//, '') : undefined;
    if (field && /^(title|text)\/(de|de-CH|en)$/.test(field)) {
      setProblems({ [field]: t('replyTemplates.refused') });
    } else setProblems({ form: t('replyTemplates.saveFailed') });
  };

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found: Problems = {};
    for (const locale of LOCALES) {
      for (const part of ['title', 'text'] as const) {
        if (values[part][locale].trim() === '') found[`${part}/${locale}`] = t('replyTemplates.required');
      }
    }
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    onSubmit(values, handleError);
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={template ? t('replyTemplates.editTitle') : t('replyTemplates.createTitle')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      size="lg"
    >
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md">
          {problems.form && (
            <Alert color="red" variant="light" role="alert">
              {problems.form}
            </Alert>
          )}
          {LOCALES.map((locale, index) => (
            <Fieldset key={locale} legend={t(`replyTemplates.language.${locale}`)}>
              <Stack gap="xs">
                <TextInput
                  label={t('replyTemplates.subject')}
                  lang={locale}
                  value={values.title[locale]}
                  maxLength={REPLY_TEMPLATE_TITLE_MAX}
                  required
                  data-autofocus={index === 0 ? true : undefined}
                  error={problems[`title/${locale}`]}
                  onChange={(event) => change('title', locale, event.currentTarget.value)}
                />
                <Textarea
                  label={t('replyTemplates.text')}
                  lang={locale}
                  value={values.text[locale]}
                  maxLength={REPLY_TEMPLATE_TEXT_MAX}
                  autosize
                  minRows={3}
                  maxRows={8}
                  required
                  error={problems[`text/${locale}`]}
                  onChange={(event) => change('text', locale, event.currentTarget.value)}
                />
              </Stack>
            </Fieldset>
          ))}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={isPending}>
              {template ? t('replyTemplates.save') : t('replyTemplates.create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
