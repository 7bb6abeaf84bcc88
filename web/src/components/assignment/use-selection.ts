import { useCallback, useMemo, useState } from 'react';

/** Entries a moderator picked on a list page, by id; a new page keeps only those it still shows. */
export function useSelection(visibleIds: readonly string[]) {
  const [picked, setPicked] = useState<ReadonlySet<string>>(new Set());
  const visible = useMemo(() => new Set(visibleIds), [visibleIds]);
  const selected = useMemo(() => [...picked].filter((id) => visible.has(id)), [picked, visible]);
  const all = visibleIds.length > 0 && selected.length === visibleIds.length;
  const some = selected.length > 0 && !all;

  const toggle = useCallback((id: string, on: boolean) => {
    setPicked((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  }, []);
  const toggleAll = useCallback(
    (on: boolean) => setPicked(on ? new Set(visibleIds) : new Set()),
    [visibleIds],
  );
  const clear = useCallback(() => setPicked(new Set()), []);
  const isSelected = useCallback((id: string) => picked.has(id) && visible.has(id), [picked, visible]);

  return { selected, all, some, toggle, toggleAll, clear, isSelected };
}
