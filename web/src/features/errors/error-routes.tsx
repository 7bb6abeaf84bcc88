import { useTranslation } from 'react-i18next';
import { paths } from '../../lib/paths';
import { StatusPage } from '../../components/status-page';

type ErrorKind = 'notFound' | 'serverError' | 'tooManyRequests' | 'tooLarge';

function ErrorPage({ kind }: { kind: ErrorKind }) {
  const { t } = useTranslation();
  return (
    <StatusPage title={t(`errors.${kind}.title`)} text={t(`errors.${kind}.text`)} homeHref={paths.home()} />
  );
}

export const NotFoundPage = () => <ErrorPage kind="notFound" />;
export const ServerErrorPage = () => <ErrorPage kind="serverError" />;
export const TooManyRequestsPage = () => <ErrorPage kind="tooManyRequests" />;
export const TooLargePage = () => <ErrorPage kind="tooLarge" />;
