import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../components/placeholder-page';

/** proposedCPT: the confirmation after proposing comes with the author flow. */
export function Component() {
  const { t } = useTranslation();
  return <PlaceholderPage title={t('entry.proposed.title')} text={t('entry.proposed.placeholder')} />;
}
