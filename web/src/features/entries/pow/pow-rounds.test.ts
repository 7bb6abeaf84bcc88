import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { generatePowRounds, POW_ROUNDS_FILE } from './generate-pow-rounds.mjs';

describe('the generated proof-of-work rounds', () => {
  it('are what the generator writes now (run `npm run generate:pow` after changing it)', async () => {
    expect(readFileSync(POW_ROUNDS_FILE, 'utf8')).toBe(await generatePowRounds());
  });
});
