import { useId, useState } from 'react';
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
  const id = useId();
  // Focus goes back to the button when the menu is left without a choice; after a choice the comment
  // form takes it, and the closing menu must not take it back.
  const [returnFocus, setReturnFocus] = useState(true);

  return (
    <Menu
      position="bottom-start"
      withinPortal
      withInitialFocusPlaceholder={false}
      returnFocus={returnFocus}
      onOpen={() => setReturnFocus(true)}
    >
      <Menu.Target>
        <Button variant="default" size="xs" w="fit-content">
          {t('moderate.templates.insert')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {list.length === 0 ? (
          // A menu holds items: without templates, one that says why and does nothing.
          <Menu.Item disabled>
            {templates.isError ? t('moderate.templates.loadFailed') : t('moderate.templates.none')}
          </Menu.Item>
        ) : (
          languagesFor(entryLanguage).map((language, index) => (
            // A group per language, named by its heading, as a menu may hold (never loose labels).
            <div key={language} role="group" aria-labelledby={`${id}-${language}`}>
              <Menu.Label id={`${id}-${language}`}>
                {index === 0
                  ? t('moderate.templates.inEntryLanguage', { language: languageName(language) })
                  : languageName(language)}
              </Menu.Label>
              {list.map((template) => (
                <Menu.Item
                  key={template.id}
                  onClick={() => {
                    setReturnFocus(false);
                    onInsert(templateComment(template, language));
                  }}
                >
                  {index === 0 ? template.title[own] : `${template.title[own]} (${languageName(language)})`}
                </Menu.Item>
              ))}
            </div>
          ))
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
