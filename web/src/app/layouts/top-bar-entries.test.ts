import { describe, expect, it } from 'vitest';
import { topBarEntries } from './top-bar-entries';

const keys = (...args: Parameters<typeof topBarEntries>) => topBarEntries(...args).map((e) => e.key);
const entry = { cpt: 'article', id: 'a1' };

describe('topBarEntries', () => {
  it('offers login and about to nobody, and my submission when this browser edits an entry', () => {
    expect(keys('none', null)).toEqual(['login', 'about']);
    expect(keys('none', entry)).toEqual(['login', 'mySubmission', 'about']);
  });

  it('brings an author back to the entry being edited', () => {
    const entries = topBarEntries('anon', entry);
    expect(entries.map((e) => e.key)).toEqual(['mySubmission', 'about']);
    expect(entries[0]?.href).toBe('/article/a1');
  });

  it('gives moderation its screens, accounts and webhooks only to admins', () => {
    expect(keys('mod', null)).toEqual(['proposed', 'submissions', 'search', 'status', 'profile', 'about']);
    expect(keys('admin', entry)).toEqual([
      'proposed',
      'submissions',
      'accounts',
      'webhooks',
      'audit',
      'replyTemplates',
      'search',
      'status',
      'profile',
      'about',
    ]);
  });
});
