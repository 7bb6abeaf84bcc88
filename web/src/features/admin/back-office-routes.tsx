import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../components/placeholder-page';

type Screen = 'dashboard' | 'submissions' | 'users' | 'profile' | 'health' | 'search';

function BackOfficePlaceholder({ screen }: { screen: Screen }) {
  const { t } = useTranslation();
  return <PlaceholderPage title={t(`admin.${screen}.title`)} text={t(`admin.${screen}.placeholder`)} />;
}

/** The back-office screens; each one's content comes in a later issue. */
export const DashboardPage = () => <BackOfficePlaceholder screen="dashboard" />;
export const SubmissionsPage = () => <BackOfficePlaceholder screen="submissions" />;
export const UsersPage = () => <BackOfficePlaceholder screen="users" />;
export const ProfilePage = () => <BackOfficePlaceholder screen="profile" />;
export const HealthPage = () => <BackOfficePlaceholder screen="health" />;
export const SearchPage = () => <BackOfficePlaceholder screen="search" />;
