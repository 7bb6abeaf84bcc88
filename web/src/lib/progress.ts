import NProgress from 'nprogress';

// The stock template gives the bar role="bar", which is no ARIA role; the bar is decoration.
NProgress.configure({
  easing: 'ease',
  speed: 500,
  showSpinner: false,
  template: '<div class="bar" aria-hidden="true"><div class="peg"></div></div>',
  barSelector: '.bar',
});

let pending = 0;

/** Counts a request as pending; the bar starts with the first. */
export function startProgress(): void {
  pending += 1;
  if (pending === 1) NProgress.start();
}

/** Counts a request as settled; the bar finishes with the last. */
export function doneProgress(): void {
  pending = Math.max(0, pending - 1);
  if (pending === 0) NProgress.done();
}

export function pendingRequests(): number {
  return pending;
}
