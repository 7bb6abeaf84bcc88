import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
// The axe-core that @axe-core/playwright itself injects (its dependency, the one copy installed).
import axe, { type Result, type RunOptions } from 'axe-core';

/** How long the page may keep changing before the check runs anyway (and then reports what it sees). */
const SETTLE_TIMEOUT_MS = 5_000;
/** How long the page must stay unchanged: a dialog's or a toast's next step comes a frame or a timer later. */
const QUIET_MS = 100;

/**
 * Waits until no finite CSS transition or animation runs and nothing in the document has changed for
 * QUIET_MS: a dialog that fades out or a toast that slides in is half there, and axe would judge the
 * half (a closing dialog's loading button once lost its name that way). A transition is not yet
 * running in the frames between a dialog's mount and its start, nor in those between its end and the
 * timer that unmounts it, so a quiet document is asked for as well. Endless animations (spinners) are
 * left running.
 */
export async function waitForSettledPage(page: Page): Promise<void> {
  await page
    .evaluate(
      async ({ timeoutMs, quietMs }) => {
        const deadline = performance.now() + timeoutMs;
        // One watch per document, kept from its first check on, so a page quiet since the last action
        // needs no wait of its own.
        const state = window as unknown as { changeWatch?: { changedAt: number } };
        if (!state.changeWatch) {
          const watch = { changedAt: performance.now() };
          new MutationObserver(() => {
            watch.changedAt = performance.now();
          }).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
          state.changeWatch = watch;
        }
        const watch = state.changeWatch;
        const running = () =>
          document
            .getAnimations()
            .filter(
              (animation) =>
                animation.playState === 'running' &&
                Number.isFinite(animation.effect?.getComputedTiming().endTime ?? Infinity),
            );
        const frame = () => new Promise((resolve) => requestAnimationFrame(() => resolve(null)));
        const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));
        while (performance.now() < deadline) {
          const left = deadline - performance.now();
          await Promise.race([
            Promise.all(running().map((animation) => animation.finished.catch(() => null))),
            sleep(left),
          ]);
          await frame();
          await frame();
          const quietFor = performance.now() - watch.changedAt;
          if (running().length === 0 && quietFor >= quietMs) return;
          await sleep(Math.min(quietMs - quietFor, deadline - performance.now()));
        }
      },
      { timeoutMs: SETTLE_TIMEOUT_MS, quietMs: QUIET_MS },
    )
    // A page that navigates away while it is watched has settled as far as this check goes.
    .catch(() => undefined);
}

/**
 * Whether every frame of the page shares its origin. Then axe runs in the page itself (axe.run, the
 * same rules and results) rather than per frame with the results merged in a blank page it opens for
 * that, which costs about half a second a check; a cross-origin frame needs the per-frame way.
 */
function allFramesSameOrigin(page: Page): boolean {
  const origin = new URL(page.url()).origin;
  return page.frames().every((frame) => {
    const url = frame.url();
    return (
      url === '' || url === 'about:blank' || url.startsWith('about:srcdoc') || new URL(url).origin === origin
    );
  });
}

/** axe-core's source with the configuration AxeBuilder gives it for a same-origin run. */
const AXE_SCRIPT = `${axe.source}
;axe.configure({ allowedOrigins: ['<same_origin>'], branding: { application: 'playwright' } });`;

/**
 * What AxeBuilder's same-origin run does (axe.run in the page, axe in every frame), but axe is put
 * into a frame only when that frame's document lacks it: AxeBuilder evaluates axe's half a megabyte
 * of source in every frame twice per check, which took most of a check's time (1–3 s against
 * 0.2–0.6 s for the run itself). A page stays the same document through the app's own navigation,
 * so axe is injected once per page load and its four looks, dialogs and error states reuse it.
 */
async function sameOriginViolations(page: Page, options: RunOptions): Promise<Result[]> {
  for (const frame of page.frames()) {
    try {
      const present = await frame.evaluate(
        () => typeof (window as { axe?: { run?: unknown } }).axe?.run === 'function',
      );
      if (!present) await frame.evaluate(AXE_SCRIPT);
    } catch {
      // As AxeBuilder: a frame that went away or refuses scripts is left out.
    }
  }
  return page.evaluate(
    async (runOptions) =>
      (await (window as unknown as { axe: typeof axe }).axe.run(document, runOptions)).violations,
    options,
  );
}

/** Axe's options: WCAG 2.2 A/AA, and only the violations kept (axe then keeps one example of a pass). */
const AXE_OPTIONS: RunOptions = {
  resultTypes: ['violations'],
  runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'] },
};

/** The page's WCAG 2.2 A/AA violations as axe-core finds them. */
async function violations(page: Page): Promise<Result[]> {
  if (allFramesSameOrigin(page)) return sameOriginViolations(page, AXE_OPTIONS);
  return (await new AxeBuilder({ page }).options(AXE_OPTIONS).analyze()).violations;
}

/**
 * Notes whether any toast appears, moves or starts to leave from now on: a toast closes by itself a
 * few seconds after it shows and fades while it goes, and axe, reading a half-faded toast, finds its
 * text short of contrast (which the toast at rest has).
 */
async function watchToasts(page: Page): Promise<void> {
  await page.evaluate(() => {
    const state = window as unknown as { toastWatch?: { observer: MutationObserver; moved: boolean } };
    state.toastWatch?.observer.disconnect();
    const watch = {
      moved: false,
      observer: new MutationObserver((records) => {
        if (records.some((r) => (r.target as Element).closest?.('.mantine-Notifications-root'))) {
          watch.moved = true;
        }
      }),
    };
    watch.observer.observe(document.body, { subtree: true, childList: true, attributes: true });
    state.toastWatch = watch;
  });
}

/** Whether a toast changed since watchToasts, and stops watching. */
async function toastsMoved(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const state = window as unknown as { toastWatch?: { observer: MutationObserver; moved: boolean } };
    state.toastWatch?.observer.disconnect();
    return state.toastWatch?.moved ?? false;
  });
}

/**
 * Fails the journey when axe-core finds any WCAG 2.2 A/AA violation on the page once it has settled.
 * Toasts are checked while they show; when one came, moved or began to leave while axe read the
 * page, the page is checked once more after it has settled again, so a toast is judged at rest.
 */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  let summary: string[] = [];
  for (let attempt = 0; attempt < 2; attempt += 1) {
    await waitForSettledPage(page);
    await watchToasts(page);
    summary = (await violations(page)).map(
      (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
    );
    const moved = await toastsMoved(page);
    if (summary.length === 0 || !moved) break;
  }
  // The violations stand in the message's first line, which is what a CI summary keeps of it.
  expect(summary, `axe-core violations on ${page.url()}: ${summary.join('; ')}`).toEqual([]);
}
