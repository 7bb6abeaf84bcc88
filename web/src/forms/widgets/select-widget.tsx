import { MultiSelect, Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { SelectChoice } from '@einwurf/contract';
import { localizeText, useLanguage } from '../localize';
import type { WidgetProps } from '../types';
import { clearableProps, feedbackProps, stringsOf } from './feedback';

type Option = { value: string; label: string };

/** The offered options; a choice without a value or a text is refused (spec section 5). */
function optionsOf(scope: string, choices: readonly SelectChoice[] | undefined, language: string): Option[] {
  const options = (choices ?? []).map((choice) => ({
    value: typeof choice?.value === 'string' ? choice.value : '',
    label: localizeText(choice?.text, language),
  }));
  if (options.length === 0 || options.some((o) => !o.value || !o.label)) {
    throw new Error(`Field "${scope}": every select choice needs a value and a text`);
  }
  return options;
}

/** One choice (a string) or, with options.multiple, several (an array of strings). */
export function SelectWidget(props: WidgetProps) {
  const { id, value, onChange, label, disabled, element } = props;
  const { t } = useTranslation();
  const language = useLanguage();
  const options = element.widget === 'select' ? element.options : undefined;
  const data = optionsOf(element.scope, options?.choices, language);
  const shared = {
    id,
    label,
    data,
    disabled,
    ...feedbackProps(props),
    ...clearableProps(t('forms.select.clear')),
  };
  if (options?.multiple) {
    return <MultiSelect {...shared} value={stringsOf(value)} onChange={onChange} />;
  }
  return (
    <Select
      {...shared}
      value={typeof value === 'string' && value !== '' ? value : null}
      onChange={(next) => onChange(next ?? '')}
    />
  );
}
