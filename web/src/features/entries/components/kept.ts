import { keptParts } from '../../../components/entry/kept-parts';

export const { KeptTyping, SavedAgo } = keptParts(() => import('../../../components/entry/kept-typing-part'));
