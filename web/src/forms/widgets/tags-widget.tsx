import { TagsInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { WidgetProps } from '../types';
import { clearableProps, feedbackProps, stringsOf } from './feedback';

/** Free tags: the author types any words; Enter or a comma adds one, Backspace removes the last. */
export function TagsWidget({
  id,
  value,
  onChange,
  label,
  help,
  errors,
  state,
  required,
  disabled,
}: WidgetProps) {
  const { t } = useTranslation();
  return (
    <TagsInput
      id={id}
      label={label}
      {...feedbackProps({ help, errors, state, required })}
      placeholder={t('forms.tags.placeholder')}
      value={stringsOf(value)}
      onChange={onChange}
      {...clearableProps(t('forms.tags.clear'))}
      disabled={disabled}
    />
  );
}
