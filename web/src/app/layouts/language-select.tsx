import { NativeSelect } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LOCALES } from '../../lib/contract';
import { changeLocale, isLocale } from '../../lib/i18n';

const optionKey = { de: 'language.de', 'de-CH': 'language.deCH', en: 'language.en' } as const;

/** The language switch: de, de-CH, en; the choice is remembered. */
export function LanguageSelect() {
  const { t, i18n } = useTranslation();
  return (
    <NativeSelect
      aria-label={t('nav.language')}
      size="sm"
      value={isLocale(i18n.language) ? i18n.language : 'de'}
      onChange={(event) => {
        const value = event.currentTarget.value;
        if (isLocale(value)) void changeLocale(value);
      }}
      data={LOCALES.map((locale) => ({ value: locale, label: t(optionKey[locale]) }))}
    />
  );
}
