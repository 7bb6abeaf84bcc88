import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PlaceholderPage } from '../../components/placeholder-page';

/** createCPT: password, repeat and the proof-of-work wait come with the author flow. */
export function Component() {
  const { t } = useTranslation();
  const { cpt = '' } = useParams();
  return <PlaceholderPage title={t('entry.create.title')} text={t('entry.create.placeholder', { cpt })} />;
}
