import { useEffect, useRef, useState } from 'react';
import { VisuallyHidden } from '@mantine/core';
import { useLocation } from 'react-router';
import { announce, listenToAnnouncements } from '../lib/announce';

/**
 * The app's one polite live region. After a client-side navigation (not the first load) it moves focus
 * to the new screen's h1 (components/page.tsx) and says the screen's document title; other messages
 * reach it through lib/announce.ts.
 */
export function RouteAnnouncer() {
  const { pathname } = useLocation();
  const [message, setMessage] = useState('');
  // The screen that was announced: StrictMode runs effects twice, and the first load says nothing.
  const shown = useRef(pathname);

  // A message like the last one changes the region too (a trailing no-break space), so it is said again.
  useEffect(
    () => listenToAnnouncements((next) => setMessage((last) => (last === next ? `${next}\u00a0` : next))),
    [],
  );

  // Runs after the new screen's own effects, so its h1 and document title are in place.
  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    document.querySelector<HTMLElement>('h1')?.focus();
    announce(document.title);
  }, [pathname]);

  return (
    <VisuallyHidden role="status" aria-live="polite" aria-atomic="true">
      {message}
    </VisuallyHidden>
  );
}
