import { lazy, Suspense, useEffect, useState } from 'react';
import { useNotifications } from '@mantine/notifications';
import { TOAST_AUTO_CLOSE_MS } from '../lib/contract';

// The toast container and its transitions (14 KB) are no part of the first screen: a toast follows
// what the reader does, so they load at the first press of a key or pointer, well before the answer a
// toast reports; at once when a toast is shown earlier. A toast shown before waits in Mantine's store.
const Notifications = lazy(() =>
  import('./notifications-container').then((module) => ({ default: module.Notifications })),
);

const INTERACTIONS = ['pointerdown', 'keydown'] as const;

/** Calls `callback` once, at the reader's first press of a key or pointer. */
function whenInteracting(callback: () => void): () => void {
  const stop = () => INTERACTIONS.forEach((type) => window.removeEventListener(type, handle, true));
  function handle() {
    stop();
    callback();
  }
  INTERACTIONS.forEach((type) => window.addEventListener(type, handle, true));
  return stop;
}

/** Mantine's Notifications, loaded at the reader's first interaction or the first toast. */
export function DeferredNotifications() {
  const { notifications } = useNotifications();
  const [wanted, setWanted] = useState(false);
  useEffect(() => whenInteracting(() => setWanted(true)), []);

  if (!wanted && notifications.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <Notifications position="top-right" autoClose={TOAST_AUTO_CLOSE_MS} />
    </Suspense>
  );
}
