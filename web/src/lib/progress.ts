import type NProgressModule from 'nprogress';

// The bar's library (about 2 KB gzip) loads with the first request rather than with the first load:
// the bar shows once it is in, if requests are still pending then.

type Bar = typeof NProgressModule;

let bar: Bar | undefined;
let loading: Promise<void> | undefined;
let pending = 0;

/** Starts or finishes the bar as the count of pending requests says. */
function showPending(): void {
  if (bar === undefined) {
    loading ??= import('nprogress').then(({ default: loaded }) => {
      // The stock template gives the bar role="bar", which is no ARIA role; the bar is decoration.
      loaded.configure({
        easing: 'ease',
        showSpinner: false,
        template: '<div class="bar" aria-hidden="true"><div class="peg"></div></div>',
        barSelector: '.bar',
      });
      bar = loaded;
      showPending();
    });
    return;
  }
  if (pending > 0 && !bar.isStarted()) bar.start();
  if (pending === 0 && bar.isStarted()) bar.done();
}

/** Counts a request as pending; the bar starts with the first. */
export function startProgress(): void {
  pending += 1;
  if (pending === 1) showPending();
}

/** Counts a request as settled; the bar finishes with the last. */
export function doneProgress(): void {
  pending = Math.max(0, pending - 1);
  if (pending === 0) showPending();
}

export function pendingRequests(): number {
  return pending;
}

/** Resolves once the bar's library is in (tests). */
export function progressLoaded(): Promise<void> {
  return loading ?? Promise.resolve();
}
