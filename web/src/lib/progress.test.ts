import { describe, expect, it } from 'vitest';
import { doneProgress, pendingRequests, progressLoaded, startProgress } from './progress';

describe('progress bar', () => {
  it('shows the bar from the first pending request until the last settles', async () => {
    startProgress();
    startProgress();
    expect(pendingRequests()).toBe(2);
    await progressLoaded();
    expect(document.getElementById('nprogress')?.querySelector('.bar')).not.toBeNull();
    expect(document.getElementById('nprogress')?.querySelector('[role]')).toBeNull();
    doneProgress();
    expect(pendingRequests()).toBe(1);
    expect(document.getElementById('nprogress')).not.toBeNull();
    doneProgress();
    expect(pendingRequests()).toBe(0);
  });
});
