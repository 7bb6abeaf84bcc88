import { expect, type Page } from '@playwright/test';

/**
 * Counts the page's API requests in flight from now on. `quiet()` waits until none has been open for
 * a moment: a step that changes what the server will accept (cookies cleared, a server stopped) must
 * not race a fetch the screen started on arrival, or that fetch, not the step, decides what happens.
 */
export function watchApi(page: Page, settleMs = 250): { quiet(): Promise<void> } {
  let open = 0;
  let lastChange = Date.now();
  const isApi = (url: string) => new URL(url).pathname.includes('/api/');
  const change = (delta: number) => {
    open += delta;
    lastChange = Date.now();
  };
  page.on('request', (request) => isApi(request.url()) && change(1));
  page.on('requestfinished', (request) => isApi(request.url()) && change(-1));
  page.on('requestfailed', (request) => isApi(request.url()) && change(-1));
  return {
    async quiet() {
      await expect.poll(() => open === 0 && Date.now() - lastChange >= settleMs).toBe(true);
    },
  };
}
