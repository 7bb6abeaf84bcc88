import { describe, expect, it, vi } from 'vitest';
import { createEntryWithPow, PowFlowError } from './create-with-pow-lazily';

// The solver's chunk fails to load, as it would when the connection drops before the first submit.
vi.mock('./create-with-pow', () => {
  throw new Error('failed to fetch dynamically imported module');
});

describe('createEntryWithPow, loaded on first use', () => {
  it('reports a solver that cannot be loaded as a challenge that could not be solved', async () => {
    const attempt = createEntryWithPow({ cpt: 'article', password: 'correct horse battery' });
    await expect(attempt).rejects.toBeInstanceOf(PowFlowError);
    await expect(attempt).rejects.toMatchObject({ failure: { kind: 'challenge' } });
  });
});
