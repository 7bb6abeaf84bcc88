import { lazy, Suspense, useEffect, useState } from 'react';
import { useNotifications } from '@mantine/notifications';
import { TOAST_AUTO_CLOSE_MS } from '../lib/contract';

// The toast container and its transitions are no part of the first screen: they load once the page
// is idle, or at once when a toast is shown earlier. A toast shown before waits in Mantine's store.
const Notifications = lazy(() =>
  import('./notifications-container').then((module) => ({ default: module.Notifications })),
);

/** Calls `callback` once the browser is idle (a timeout where there is no requestIdleCallback). */
function whenIdle(callback: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(callback, { timeout: 2000 });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(callback, 200);
  return () => window.clearTimeout(handle);
}

/** Mantine's Notifications, loaded when the page is idle or the first toast is shown. */
export function DeferredNotifications() {
  const { notifications } = useNotifications();
  const [idle, setIdle] = useState(false);
  useEffect(() => whenIdle(() => setIdle(true)), []);

  if (!idle && notifications.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <Notifications position="top-right" autoClose={TOAST_AUTO_CLOSE_MS} />
    </Suspense>
  );
}
