import { MultiSelect } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { WidgetProps } from '../types';
import { feedbackProps, stringsOf } from './feedback';

/** Tags are stored lowercased, once each and sorted (spec section 2). */
export function normalizeTags(tags: readonly string[]): string[] {
  return [...new Set(tags.map((tag) => tag.toLowerCase()))].sort();
}

/**
 * Tags from a fixed list: a searchable dropdown (case-insensitive) offering only the tags not yet
 * chosen, the chosen ones as removable chips. Keyboard: type, arrows, Enter; Backspace removes the last.
 */
export function TagsPredefinedWidget({
  id,
  value,
  onChange,
  label,
  help,
  errors,
  state,
  required,
  disabled,
  element,
}: WidgetProps) {
  const { t } = useTranslation();
  const tags = element.widget === 'tags-predefined' ? normalizeTags(element.options.tags) : [];
  return (
    <MultiSelect
      id={id}
      label={label}
      {...feedbackProps({ help, errors, state, required })}
      placeholder={t('forms.tags.choose')}
      data={tags}
      value={normalizeTags(stringsOf(value))}
      onChange={(next) => onChange(normalizeTags(next))}
      searchable
      hidePickedOptions
      nothingFoundMessage={t('forms.tags.nothingFound')}
      clearable
      disabled={disabled}
    />
  );
}
