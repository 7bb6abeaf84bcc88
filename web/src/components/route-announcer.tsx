import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { VisuallyHidden } from '@mantine/core';
import { useLocation } from 'react-router';
import { announce, awaitScreen, listenToAnnouncements } from '../lib/announce';

/** How long a message said before a navigation is still waiting to be heard. */
const CARRIED_OVER_MS = 3000;

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
  // The last message and when it was said: a result said just before a navigation ("… ist gelöscht")
  // would be cut off by the new screen's name, so the two are said together.
  const last = useRef({ text: '', at: 0 });

  // A message like the last one changes the region too (a trailing no-break space), so it is said again.
  useEffect(
    () =>
      listenToAnnouncements((next) => {
        last.current = { text: next, at: Date.now() };
        setMessage((current) => (current === next ? `${next}\u00a0` : next));
      }),
    [],
  );

  // After a navigation the announcer waits for the new screen to be drawn (lib/announce.ts), before
  // or after its own effects, whichever order the runtime and the screen give them.
  useLayoutEffect(() => {
    if (shown.current === pathname) return;
    return awaitScreen(({ heading, name }) => {
      shown.current = pathname;
      heading?.focus();
      const { text, at } = last.current;
      const pending = text !== '' && Date.now() - at < CARRIED_OVER_MS;
      announce(pending ? `${name}. ${text}` : name);
      // A screen's name is no result to carry over to the next screen.
      last.current = { text: '', at: 0 };
    });
  }, [pathname]);

  return (
    <VisuallyHidden role="status" aria-live="polite" aria-atomic="true">
      {message}
    </VisuallyHidden>
  );
}
