import { PowFlowError } from './pow-flow-error';
import type { CreateWithPowInput } from './create-with-pow';

export { PowFlowError, type PowFailure } from './pow-flow-error';

const loadFlow = () => import('./create-with-pow');

/**
 * createEntryWithPow with the solver (SHA-256, the search, the worker plumbing) loaded on first use,
 * so the create screen's first load carries only the form. A solver that cannot be loaded counts as
 * a challenge that could not be solved.
 */
export async function createEntryWithPow(input: CreateWithPowInput) {
  let flow: Awaited<ReturnType<typeof loadFlow>>;
  try {
    flow = await loadFlow();
  } catch (error) {
    throw new PowFlowError({ kind: 'challenge' }, error);
  }
  return flow.createEntryWithPow(input);
}
