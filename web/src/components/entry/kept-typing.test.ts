import { afterEach, describe, expect, it, vi } from 'vitest';
import type { UiSchema } from '@einwurf/contract';
import type { EntryData } from '../../lib/contract';
import { KEEP_MS, MAX_CHARS, MAX_COPIES, clearKept, keepTyping, readKept } from './kept-typing';

const entry = (id: string, fields: Record<string, unknown> = {}) =>
  ({
    id,
    type: 'article',
    state: 'draft',
    revision: 3,
    title: 'Velowege',
    ...fields,
  }) as unknown as EntryData;

const NOW = Date.UTC(2026, 10, 25, 16, 40);

afterEach(() => {
  localStorage.clear();
  vi.restoreAllMocks();
});

describe('kept typing', () => {
  it('keeps an edit per entry and per editor, with the revision it started from', () => {
    keepTyping('author', entry('e1', { title: 'Neu' }), 3, [], NOW);
    expect(readKept('author', 'e1', NOW + 1000)).toEqual({
      data: entry('e1', { title: 'Neu' }),
      keptAt: NOW,
      revision: 3,
    });
    expect(readKept('moderation', 'e1', NOW)).toBeNull();
    expect(readKept('author', 'e2', NOW)).toBeNull();
  });

  it('never keeps a password, neither one named so nor a password input of the type', () => {
    const uiSchema = [
      { scope: 'pin', widget: 'input', label: 'PIN', options: { type: 'password' } },
    ] as unknown as UiSchema;
    keepTyping('author', entry('e1', { password: 'geheim', pin: '1234', lead: 'Text' }), 3, uiSchema, NOW);
    const raw = JSON.stringify(localStorage);
    expect(raw).not.toContain('geheim');
    expect(raw).not.toContain('1234');
    expect(readKept('author', 'e1', NOW)?.data).toEqual(entry('e1', { lead: 'Text' }));
  });

  it('forgets a copy once cleared (after a save, a delete, or when it equals the stored entry)', () => {
    keepTyping('author', entry('e1'), 3, [], NOW);
    clearKept('author', 'e1');
    expect(readKept('author', 'e1', NOW)).toBeNull();
    expect(localStorage.length).toBe(0);
  });

  it('lets copies expire after seven days, and removes them when read', () => {
    keepTyping('author', entry('e1'), 3, [], NOW);
    expect(readKept('author', 'e1', NOW + KEEP_MS - 1)).not.toBeNull();
    expect(readKept('author', 'e1', NOW + KEEP_MS)).toBeNull();
    expect(localStorage.length).toBe(0);
  });

  it('keeps at most MAX_COPIES, dropping the oldest and the expired ones', () => {
    keepTyping('moderation', entry('old'), 1, [], NOW - KEEP_MS);
    for (let i = 0; i <= MAX_COPIES; i += 1) keepTyping('author', entry(`e${i}`), 1, [], NOW + i);
    expect(localStorage.length).toBe(MAX_COPIES);
    expect(readKept('author', 'e0', NOW + MAX_COPIES)).toBeNull();
    expect(readKept('author', `e${MAX_COPIES}`, NOW + MAX_COPIES)).not.toBeNull();
  });

  it('does not keep an edit too large for storage, and drops the older copy instead of offering it', () => {
    keepTyping('author', entry('e1'), 3, [], NOW);
    keepTyping('author', entry('e1', { content: 'x'.repeat(MAX_CHARS) }), 3, [], NOW);
    expect(readKept('author', 'e1', NOW)).toBeNull();
  });

  it('ignores a full or blocked storage silently', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    expect(() => keepTyping('author', entry('e1'), 3, [], NOW)).not.toThrow();
    expect(readKept('author', 'e1', NOW)).toBeNull();
  });

  it('reads a broken copy as none', () => {
    localStorage.setItem('einwurf_kept:author:e1', '{not json');
    expect(readKept('author', 'e1', NOW)).toBeNull();
  });
});
