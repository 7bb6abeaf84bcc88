import { KeptNotice } from './kept-notice';
import { useKeptTyping, type KeptTypingOptions } from './use-kept-typing';

export { default as SavedAgo } from './saved-ago';

/** Kept typing as a part of its own, loaded after the editor: the copy, and the offer of an old one. */
export function KeptTypingPart(props: KeptTypingOptions) {
  const { offer, restore, discard } = useKeptTyping(props);
  if (!offer) return null;
  return (
    <KeptNotice offer={offer} revision={props.draft.base.revision} onRestore={restore} onDiscard={discard} />
  );
}
