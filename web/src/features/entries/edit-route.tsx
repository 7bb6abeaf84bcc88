import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../components/placeholder-page';

/** editCPT: the author's edit page comes with the author flow. */
export function Component() {
  const { t } = useTranslation();
  return <PlaceholderPage title={t('entry.edit.title')} text={t('entry.edit.placeholder')} />;
}
