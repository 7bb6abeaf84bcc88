import { POW_PROGRESS_EVERY, type PowWorkerMessage, type PowWorkerRequest } from './pow-protocol';
import { createPowSearch } from './pow-search';

// One worker searches its share of the counters (start, start + step, …) until it finds a solution
// or the solver terminates it: the first solution of any worker wins and all of them stop.
// The app's TypeScript program has the DOM library, not the worker one; this is all the worker uses.
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<PowWorkerRequest>) => void) | null;
  postMessage: (message: PowWorkerMessage) => void;
};

scope.onmessage = (event: MessageEvent<PowWorkerRequest>) => {
  const { nonce, difficulty, start, step } = event.data;
  const search = createPowSearch(nonce, difficulty);
  const post = (message: PowWorkerMessage) => scope.postMessage(message);
  for (let tries = 0, counter = start; ; counter += POW_PROGRESS_EVERY * step) {
    const solution = search(counter, step, POW_PROGRESS_EVERY);
    if (solution >= 0) {
      post({ type: 'found', solution });
      return;
    }
    tries += POW_PROGRESS_EVERY;
    post({ type: 'progress', tries });
  }
};
