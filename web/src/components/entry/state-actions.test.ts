import { describe, expect, it } from 'vitest';
import { defineLifecycle } from '@einwurf/contract';
import { moderationStateActions } from './state-actions';

describe('moderationStateActions', () => {
  it('offers every other live state, furthest along first, and nothing for a deleted entry', () => {
    expect(moderationStateActions('proposed')).toEqual(['published', 'rejected', 'draft']);
    expect(moderationStateActions('published')).toEqual(['rejected', 'proposed', 'draft']);
    expect(moderationStateActions('draft')).toEqual(['published', 'rejected', 'proposed']);
    expect(moderationStateActions('deleted')).toEqual([]);
  });

  it('follows the lifecycle it is given', () => {
    const lifecycle = defineLifecycle({
      states: ['new', 'review', 'scheduled', 'live', 'gone'],
      initial: 'new',
      deleted: 'gone',
      transitions: {
        author: { new: ['review'] },
        moderation: { review: ['new', 'scheduled', 'live', 'gone'], live: ['review', 'gone'] },
      },
      strict: ['review', 'scheduled', 'live'],
      authorReadOnly: ['scheduled', 'live'],
      public: ['live'],
    });
    expect(moderationStateActions('review', lifecycle)).toEqual(['live', 'scheduled', 'new']);
    expect(moderationStateActions('live', lifecycle)).toEqual(['review']);
    expect(moderationStateActions('new', lifecycle)).toEqual([]);
  });
});
