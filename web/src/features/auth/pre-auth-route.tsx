import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../components/placeholder-page';
import { SessionExpiredAlert } from './components/session-expired-alert';

/** Password check for an existing entry (editCPTPreAuth); the form comes with the author flow. */
export function Component() {
  const { t } = useTranslation();
  return (
    <PlaceholderPage title={t('auth.preAuth.title')} text={t('auth.preAuth.placeholder')}>
      <SessionExpiredAlert message={t('auth.preAuth.sessionExpired')} />
    </PlaceholderPage>
  );
}
