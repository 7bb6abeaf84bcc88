import { useContext, useLayoutEffect, useRef, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { UNSAFE_LocationContext } from 'react-router';
import { screenShown } from './announce';

/**
 * Titles the browser tab "<screen> – Einwurf" while the screen is shown, and reports the screen to
 * the route announcer (lib/announce.ts) with its h1, which takes the returned ref.
 */
export function useDocumentTitle(screen: string): RefObject<HTMLHeadingElement | null> {
  const { t } = useTranslation();
  // The path, where there is a router (a screen may be drawn without one, in a demo or a test).
  const pathname = useContext(UNSAFE_LocationContext)?.location.pathname;
  const heading = useRef<HTMLHeadingElement>(null);
  const title = t('app.documentTitle', { screen });
  // With the screen's drawing, not after it (Preact runs plain effects after the paint). Again on a
  // new path: a screen may stay mounted from one entry to the next.
  useLayoutEffect(() => {
    document.title = title;
    screenShown({ heading: heading.current, name: title });
  }, [title, pathname]);
  return heading;
}
