import type { CompactEmoji } from 'emojibase';

/**
 * The emoji catalogue (emojibase-data: title and character per entry, grouped by category, with
 * skin-tone variants). The data is a chunk of its own, fetched the first time the picker opens.
 */

/** emojibase's group numbers, in its order; `component` (bare skin tones, hair) is left out. */
export const EMOJI_GROUPS = [
  'smileys-emotion',
  'people-body',
  'component',
  'animals-nature',
  'food-drink',
  'travel-places',
  'activities',
  'objects',
  'symbols',
  'flags',
] as const;

/** The groups the picker shows. */
export type EmojiGroupKey = Exclude<(typeof EMOJI_GROUPS)[number], 'component'>;

/** 0 is the default yellow; 1–5 are the Fitzpatrick tones light … dark. */
export type SkinTone = 0 | 1 | 2 | 3 | 4 | 5;

export const SKIN_TONES: readonly SkinTone[] = [0, 1, 2, 3, 4, 5];

/** The Unicode modifier of each tone, as emojibase writes it in hex codes. */
const TONE_MODIFIERS = ['', '1F3FB', '1F3FC', '1F3FD', '1F3FE', '1F3FF'];

export type EmojiEntry = {
  /** The localized title, e.g. "winkende Hand". */
  label: string;
  emoji: string;
  /** Lower-cased words to search by: title and tags. */
  search: string;
  /** The variant per tone (index 1–5) when the emoji has skin tones. */
  skins?: string[];
};

export type EmojiGroup = { key: EmojiGroupKey; emojis: EmojiEntry[] };

/** The variant whose every skin modifier is `tone` (people pairs have mixed ones too). */
function variantsOf(skins: CompactEmoji[] | undefined): string[] | undefined {
  if (!skins?.length) return undefined;
  const variants = TONE_MODIFIERS.map((modifier, tone) => {
    if (tone === 0) return '';
    const match = skins.find((skin) => {
      const modifiers = skin.hexcode.match(/1F3F[B-F]/g);
      return modifiers?.every((m) => m === modifier);
    });
    return match?.unicode ?? '';
  });
  return variants.every((v, tone) => tone === 0 || v) ? variants : undefined;
}

/** Turns emojibase's compact list into the picker's groups. */
export function groupEmojis(data: readonly CompactEmoji[]): EmojiGroup[] {
  const groups = new Map<EmojiGroupKey, EmojiEntry[]>();
  const sorted = [...data].sort((a, b) => (a.order ?? 0) - (b.order ?? 0));
  for (const item of sorted) {
    const key = item.group === undefined ? undefined : EMOJI_GROUPS[item.group];
    if (!key || key === 'component') continue;
    const list = groups.get(key) ?? [];
    list.push({
      label: item.label,
      emoji: item.unicode,
      search: [item.label, ...(item.tags ?? [])].join(' ').toLowerCase(),
      skins: variantsOf(item.skins),
    });
    groups.set(key, list);
  }
  return EMOJI_GROUPS.filter((key): key is EmojiGroupKey => key !== 'component' && groups.has(key)).map(
    (key) => ({ key, emojis: groups.get(key)! }),
  );
}

const cache = new Map<string, Promise<EmojiGroup[]>>();

/** The catalogue in German (de, de-CH) or English, loaded once per language. */
export function loadEmojis(language: string): Promise<EmojiGroup[]> {
  const german = language.startsWith('de');
  const key = german ? 'de' : 'en';
  let loading = cache.get(key);
  if (!loading) {
    loading = (german ? import('emojibase-data/de/compact.json') : import('emojibase-data/en/compact.json'))
      .then((module) => groupEmojis(module.default as CompactEmoji[]))
      .catch((error: unknown) => {
        cache.delete(key);
        throw error;
      });
    cache.set(key, loading);
  }
  return loading;
}

/** The character to insert for an entry in a tone. */
export function emojiInTone(entry: EmojiEntry, tone: SkinTone): string {
  return (tone > 0 && entry.skins?.[tone]) || entry.emoji;
}

/** Entries whose title or tags contain every word of the query, at most `limit`. */
export function searchEmojis(groups: readonly EmojiGroup[], query: string, limit = 120): EmojiEntry[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [];
  const found: EmojiEntry[] = [];
  for (const group of groups) {
    for (const entry of group.emojis) {
      if (words.every((word) => entry.search.includes(word))) {
        found.push(entry);
        if (found.length >= limit) return found;
      }
    }
  }
  return found;
}
