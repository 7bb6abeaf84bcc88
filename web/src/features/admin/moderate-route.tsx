import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PlaceholderPage } from '../../components/placeholder-page';

type ModeratePageProps = { cpt: string; id: string };

/** moderateCPT: takes its entry as props (the route passes its params). */
export function ModeratePage({ cpt, id }: ModeratePageProps) {
  const { t } = useTranslation();
  return (
    <PlaceholderPage title={t('admin.moderate.title')} text={t('admin.moderate.placeholder', { cpt, id })} />
  );
}

export function Component() {
  const { cpt = '', id = '' } = useParams();
  return <ModeratePage cpt={cpt} id={id} />;
}
