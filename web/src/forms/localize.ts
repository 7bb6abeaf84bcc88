import { useTranslation } from 'react-i18next';
export { localizeText } from '../lib/contract';

/** The current interface language, re-rendering the caller when it changes. */
export function useLanguage(): string {
  const { i18n } = useTranslation();
  return i18n.language;
}
