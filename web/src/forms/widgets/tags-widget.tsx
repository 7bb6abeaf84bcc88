import { TagsInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { WidgetProps } from '../types';
import { clearableProps, feedbackProps, stringsOf } from './feedback';

/** Free tags: the author types any words; Enter or a comma adds one, Backspace removes the last. */
export function TagsWidget(props: WidgetProps) {
  const { id, value, onChange, label, disabled } = props;
  const { t } = useTranslation();
  return (
    <TagsInput
      id={id}
      label={label}
      {...feedbackProps(props)}
      placeholder={t('forms.tags.placeholder')}
      value={stringsOf(value)}
      onChange={onChange}
      {...clearableProps(t('forms.tags.clear'))}
      disabled={disabled}
    />
  );
}
