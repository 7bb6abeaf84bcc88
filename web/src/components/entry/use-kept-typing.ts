import { useCallback, useEffect, useRef, useState } from 'react';
import type { UiSchema } from '@einwurf/contract';
import type { EntryData } from '../../lib/contract';
import type { EntryViewer } from './describe-event';
import { editableFields, isSameData } from './entry-fields';
import { clearKept, keepTyping, readKept, type KeptCopy } from './kept-typing';
import type { EntryDraft } from './use-entry-draft';

const WRITE_DELAY_MS = 500;
const nothing = () => undefined;

export type KeptTypingOptions = {
  draft: EntryDraft;
  /** Who edits: the author's and moderation's copies of one entry are kept apart. */
  viewer: EntryViewer;
  /** The type's UI schema, to leave its password inputs out. */
  uiSchema: UiSchema;
  /** An edit was already put back (after a session expiry): nothing to offer. */
  restored: boolean;
};

/**
 * Keeps the unsaved edit in the browser while the person types (debounced, and at once when the page
 * goes away) and offers a copy left from an earlier visit back: restoring puts it in the form,
 * unsaved. A copy goes once the edit equals the stored entry (after a save too), or when discarded.
 */
export function useKeptTyping({ draft, viewer, uiSchema, restored }: KeptTypingOptions) {
  const { base, edited, isDirty, handleFormChange } = draft;
  const { id } = base;
  const [offer, setOffer] = useState<KeptCopy | null>(() => {
    // Nothing to offer when an edit was put back already, or the entry can no longer be changed.
    if (restored || draft.isReadOnly) return null;
    const copy = readKept(viewer, id);
    return copy && !isSameData(editableFields(copy.data), editableFields(base)) ? copy : null;
  });
  const write = useRef<() => void>(nothing);
  const gone = useRef(false);

  useEffect(() => {
    // Until the offer is answered, the copy stays as it was.
    if (offer || gone.current) return;
    if (!isDirty) {
      write.current = nothing;
      clearKept(viewer, id);
      return;
    }
    const now = () => {
      write.current = nothing;
      if (!gone.current) keepTyping(viewer, edited, edited.revision, uiSchema);
    };
    write.current = now;
    const timer = setTimeout(now, WRITE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [offer, viewer, uiSchema, id, isDirty, edited]);

  const flush = useCallback(() => write.current(), []);
  const forget = useCallback(() => {
    gone.current = true;
    clearKept(viewer, id);
  }, [viewer, id]);
  const { kept } = draft;
  useEffect(() => {
    kept.current = { flush, forget };
    window.addEventListener('pagehide', flush);
    return () => {
      kept.current = null;
      window.removeEventListener('pagehide', flush);
    };
  }, [kept, flush, forget]);

  const restore = () => {
    if (!offer) return;
    // The kept revision stays: when the stored entry moved on since, saving asks which version holds.
    handleFormChange({ ...base, ...editableFields(offer.data), revision: offer.revision } as EntryData);
    setOffer(null);
  };
  const discard = () => {
    clearKept(viewer, id);
    setOffer(null);
  };
  return { offer, restore, discard };
}
