import { describe, expect, it } from 'vitest';
import type { EntryRow } from '../../db/types.ts';
import { toEntry } from './presenter.ts';

const row: EntryRow = {
  id: 'pDS3jbC4CltEyOykoosEhA',
  type: 'article',
  state: 'draft',
  title: 'Stored title',
  data: JSON.stringify({ subtitle: 'Sub', content: 'Text', id: 'forged', tags: ['a'] }),
  password_hash: 'hash',
  revision: 3,
  created_at: Date.UTC(2026, 0, 2, 3, 4, 5),
  updated_at: Date.UTC(2026, 0, 3),
  deleted_at: null,
  published_at: null,
  assignee_id: null,
  language: 'de',
  author_seen_at: null,
};

describe('toEntry', () => {
  it("keeps the stored fields in their order, adds the server's after them, and the server's values win", () => {
    const { data } = toEntry(row);
    expect(Object.keys(data)).toEqual([
      'subtitle',
      'content',
      'id',
      'tags',
      'type',
      'state',
      'title',
      'created_at',
      'updated_at',
      'revision',
      'language',
      'publish_at',
    ]);
    expect(data).toMatchObject({
      id: row.id,
      content: 'Text',
      title: 'Stored title',
      created_at: '2026-01-02T03:04:05.000Z',
      publish_at: null,
    });
  });

  it('answers an empty content for stored content that is not text, and fresh objects each time', () => {
    const odd = { ...row, data: JSON.stringify({ content: 7 }) };
    expect(toEntry(odd).data.content).toBe('');
    expect(toEntry(row).data).not.toBe(toEntry(row).data);
  });
});
