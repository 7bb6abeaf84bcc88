import { describe, expect, it } from 'vitest';
import type { CompactEmoji } from 'emojibase';
import { emojiInTone, groupEmojis, searchEmojis } from './emoji-data';

const WAVE: CompactEmoji = {
  group: 1,
  hexcode: '1F44B',
  label: 'winkende Hand',
  order: 2,
  tags: ['hallo'],
  unicode: '👋',
  skins: ['1F3FB', '1F3FC', '1F3FD', '1F3FE', '1F3FF'].map((tone, index) => ({
    group: 1,
    hexcode: `1F44B-${tone}`,
    label: `winkende Hand ${index + 1}`,
    order: 3 + index,
    unicode: `👋${String.fromCodePoint(parseInt(tone, 16))}`,
  })),
};
const GRIN: CompactEmoji = {
  group: 0,
  hexcode: '1F600',
  label: 'grinsendes Gesicht',
  order: 1,
  unicode: '😀',
};
const TONE: CompactEmoji = { group: 2, hexcode: '1F3FB', label: 'helle Hautfarbe', order: 9, unicode: '🏻' };

describe('emoji data', () => {
  it('groups by category in emojibase order and leaves out the bare components', () => {
    const groups = groupEmojis([WAVE, TONE, GRIN]);
    expect(groups.map((group) => group.key)).toEqual(['smileys-emotion', 'people-body']);
    expect(groups[1]!.emojis[0]).toMatchObject({ label: 'winkende Hand', emoji: '👋' });
  });

  it('offers each skin tone and falls back to the default where there is none', () => {
    const [smileys, people] = groupEmojis([WAVE, GRIN]);
    const wave = people!.emojis[0]!;
    expect(emojiInTone(wave, 0)).toBe('👋');
    expect(emojiInTone(wave, 3)).toBe('👋🏽');
    expect(emojiInTone(smileys!.emojis[0]!, 3)).toBe('😀');
  });

  it('searches titles and tags, every word, case-insensitively', () => {
    const groups = groupEmojis([WAVE, GRIN]);
    expect(searchEmojis(groups, 'HALLO').map((e) => e.emoji)).toEqual(['👋']);
    expect(searchEmojis(groups, 'winkende hand').map((e) => e.emoji)).toEqual(['👋']);
    expect(searchEmojis(groups, 'winkende gesicht')).toEqual([]);
    expect(searchEmojis(groups, '  ')).toEqual([]);
  });
});
