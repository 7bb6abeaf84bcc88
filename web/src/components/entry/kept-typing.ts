import type { UiSchema } from '@einwurf/contract';
import type { EntryData } from '../../lib/contract';
import type { EntryViewer } from './describe-event';

/**
 * Unsaved typing kept in localStorage, one copy per entry and per editor (author or moderation), so
 * a closed tab, a crash or a lost connection loses nothing. Passwords are never kept. Copies expire,
 * their number and size are bounded, and storage that fails (full, private mode) is simply skipped.
 */
export type KeptCopy = {
  /** The edited values, password fields left out. */
  data: EntryData;
  /** When the copy was written (ms since the epoch). */
  keptAt: number;
  /** The stored revision the edit started from. */
  revision: number;
};

const PREFIX = 'einwurf_kept:';
export const KEEP_MS = 7 * 24 * 60 * 60 * 1000;
export const MAX_COPIES = 20;
export const MAX_CHARS = 200_000;

const keyOf = (viewer: EntryViewer, id: string) => `${PREFIX}${viewer}:${id}`;
const PASSWORD_KEY = /passw/i;

/** The fields never to keep: any named like a password, and the type's password inputs. */
function isSecret(scope: string, uiSchema: UiSchema): boolean {
  if (PASSWORD_KEY.test(scope)) return true;
  return uiSchema.some(
    (element) =>
      element.scope === scope && element.widget === 'input' && element.options?.type === 'password',
  );
}

/** The data without its password fields. */
export function withoutSecrets(data: EntryData, uiSchema: UiSchema = []): EntryData {
  const kept: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(data)) if (!isSecret(key, uiSchema)) kept[key] = value;
  return kept as EntryData;
}

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

function parse(raw: string | null): KeptCopy | null {
  if (raw === null) return null;
  try {
    const copy = JSON.parse(raw) as Partial<KeptCopy>;
    if (typeof copy.keptAt !== 'number' || typeof copy.revision !== 'number') return null;
    if (typeof copy.data !== 'object' || copy.data === null) return null;
    return copy as KeptCopy;
  } catch {
    return null;
  }
}

/** Drops expired copies and, past MAX_COPIES, the oldest. */
function prune(store: Storage, now: number): void {
  const copies: { key: string; keptAt: number }[] = [];
  for (let i = 0; i < store.length; i += 1) {
    const key = store.key(i);
    if (!key?.startsWith(PREFIX)) continue;
    const copy = parse(store.getItem(key));
    copies.push({ key, keptAt: copy && now - copy.keptAt < KEEP_MS ? copy.keptAt : -1 });
  }
  copies.sort((a, b) => b.keptAt - a.keptAt);
  copies.forEach(({ key, keptAt }, index) => {
    if (keptAt < 0 || index >= MAX_COPIES) store.removeItem(key);
  });
}

/** Keeps the edit of entry `data.id`, based on `revision`; failures are ignored. */
export function keepTyping(
  viewer: EntryViewer,
  data: EntryData,
  revision: number,
  uiSchema: UiSchema = [],
  now = Date.now(),
): void {
  try {
    const store = storage();
    if (!store) return;
    const key = keyOf(viewer, data.id);
    const text = JSON.stringify({ data: withoutSecrets(data, uiSchema), keptAt: now, revision });
    if (text.length > MAX_CHARS) {
      // Too large to keep: an older, smaller copy would be offered as if it were the latest.
      store.removeItem(key);
      return;
    }
    store.setItem(key, text);
    prune(store, now);
  } catch {
    // Storage full or blocked: typing goes on, only without the copy.
  }
}

/** The kept copy of the entry, when there is one and it has not expired. */
export function readKept(viewer: EntryViewer, id: string, now = Date.now()): KeptCopy | null {
  try {
    const copy = parse(storage()?.getItem(keyOf(viewer, id)) ?? null);
    if (!copy) return null;
    if (now - copy.keptAt >= KEEP_MS || copy.data.id !== id) {
      clearKept(viewer, id);
      return null;
    }
    return copy;
  } catch {
    return null;
  }
}

export function clearKept(viewer: EntryViewer, id: string): void {
  try {
    storage()?.removeItem(keyOf(viewer, id));
  } catch {
    // See keepTyping.
  }
}
