import { useEffect, useRef } from 'react';

/**
 * Keeps focus where it was across a wait: a control disabled while `busy` (Mantine's loading button)
 * drops focus to the page. Call the returned function as the wait starts; once `busy` is over, focus
 * goes back to the element that had it, unless the person has moved on.
 */
export function useKeepFocus(busy: boolean): () => void {
  const held = useRef<HTMLElement | null>(null);
  useEffect(() => {
    if (busy) return;
    const element = held.current;
    held.current = null;
    const active = document.activeElement;
    if (element?.isConnected && (!active || active === document.body)) element.focus();
  }, [busy]);
  return () => {
    if (document.activeElement instanceof HTMLElement) held.current = document.activeElement;
  };
}
