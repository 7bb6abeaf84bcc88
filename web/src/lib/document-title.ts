import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Titles the browser tab "<screen> – Einwurf" while the screen is shown. */
export function useDocumentTitle(screen: string): void {
  const { t } = useTranslation();
  const title = t('app.documentTitle', { screen });
  useEffect(() => {
    document.title = title;
  }, [title]);
}
