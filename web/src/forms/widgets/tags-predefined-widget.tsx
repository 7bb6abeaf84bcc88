import { MultiSelect } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { predefinedTagText, predefinedTagValue, type PredefinedTag } from '../../lib/contract';
import type { WidgetProps } from '../types';
import { clearableProps, feedbackProps, stringsOf } from './feedback';

/** Tags are stored lowercased, once each and sorted (spec section 2). */
export function normalizeTags(tags: readonly string[]): string[] {
  return [...new Set(tags.map((tag) => tag.toLowerCase()))].sort();
}

/** The offered tags with the texts people see in `language`, sorted by that text; values lowercased. */
function optionsOf(tags: readonly PredefinedTag[], language: string): { value: string; label: string }[] {
  const byValue = new Map<string, string>();
  for (const tag of tags) {
    const value = predefinedTagValue(tag).toLowerCase();
    if (value !== '' && !byValue.has(value)) byValue.set(value, predefinedTagText(tag, language));
  }
  return [...byValue]
    .map(([value, label]) => ({ value, label }))
    .sort((a, b) => a.label.localeCompare(b.label, language));
}

/**
 * Tags from a fixed list: a searchable dropdown (case-insensitive) offering only the tags not yet
 * chosen, the chosen ones as removable chips, each shown by its text in the interface language while
 * the value is stored. Keyboard: type, arrows, Enter; Backspace removes the last.
 */
export function TagsPredefinedWidget(props: WidgetProps) {
  const { id, value, onChange, label, disabled, element } = props;
  const { t, i18n } = useTranslation();
  const tags = element.widget === 'tags-predefined' ? optionsOf(element.options.tags, i18n.language) : [];
  return (
    <MultiSelect
      id={id}
      label={label}
      {...feedbackProps(props)}
      placeholder={t('forms.tags.choose')}
      data={tags}
      value={normalizeTags(stringsOf(value))}
      onChange={(next) => onChange(normalizeTags(next))}
      searchable
      hidePickedOptions
      nothingFoundMessage={t('forms.tags.nothingFound')}
      {...clearableProps(t('forms.tags.clear'))}
      disabled={disabled}
    />
  );
}
