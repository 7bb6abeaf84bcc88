import { Fragment } from 'react';
import { Button, Menu } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isLocale, LOCALES, type CommentInput, type Locale, type ReplyTemplate } from '../../../lib/contract';
import { useReplyTemplates } from '../api/get-reply-templates';
import '../strings';

/** The languages to offer a template in: the entry's first, then the others. */
export function languagesFor(entryLanguage: Locale): Locale[] {
  return [entryLanguage, ...LOCALES.filter((locale) => locale !== entryLanguage)];
}

/** What inserting a template in one language puts into the comment form. */
export function templateComment(template: ReplyTemplate, language: Locale): CommentInput {
  return { title: template.title[language], content: template.text[language] };
}

type TemplatePickerProps = {
  /** The language the entry was written in: its texts come first. */
  entryLanguage: Locale;
  onInsert: (input: CommentInput) => void;
};

/**
 * "Insert template": a menu of the reply templates by their titles in the moderator's language, first
 * in the entry's language, then in the others; the chosen one fills the comment form, still editable.
 */
export function TemplatePicker({ entryLanguage, onInsert }: TemplatePickerProps) {
  const { t, i18n } = useTranslation();
  const templates = useReplyTemplates();
  const own: Locale = isLocale(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'de';
  const list = templates.data ?? [];
  const languageName = (locale: Locale) => t(`moderate.templates.language.${locale}`);
  const [first, ...others] = languagesFor(entryLanguage);

  return (
    <Menu position="bottom-start" withinPortal>
      <Menu.Target>
        <Button variant="default" size="xs" w="fit-content">
          {t('moderate.templates.insert')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {templates.isError ? (
          <Menu.Label>{t('moderate.templates.loadFailed')}</Menu.Label>
        ) : list.length === 0 ? (
          <Menu.Label>{t('moderate.templates.none')}</Menu.Label>
        ) : (
          <>
            <Menu.Label>
              {t('moderate.templates.inEntryLanguage', { language: languageName(first!) })}
            </Menu.Label>
            {list.map((template) => (
              <Menu.Item key={template.id} onClick={() => onInsert(templateComment(template, first!))}>
                {template.title[own]}
              </Menu.Item>
            ))}
            {others.map((language) => (
              <Fragment key={language}>
                <Menu.Divider />
                <Menu.Label>{languageName(language)}</Menu.Label>
                {list.map((template) => (
                  <Menu.Item key={template.id} onClick={() => onInsert(templateComment(template, language))}>
                    {`${template.title[own]} (${languageName(language)})`}
                  </Menu.Item>
                ))}
              </Fragment>
            ))}
          </>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
