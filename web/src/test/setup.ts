import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import NProgress from 'nprogress';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import '../lib/progress';

// Screens load lazily; on a busy two-core CI machine a lazy chunk can take longer than the default
// 1 s that findBy*/waitFor wait, which made tests fail by timing alone.
configure({ asyncUtilTimeout: 5000 });

// The validation messages load as their own chunk right after the forms (forms/field-errors.ts); in
// the app they are there before anyone types, so tests start with them loaded.
beforeAll(async () => {
  await (
    await import('../forms/field-errors')
  ).validationMessagesReady;
});

// jsdom lacks what Mantine measures with.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: vi.fn().mockImplementation((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: vi.fn(),
    removeListener: vi.fn(),
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
    dispatchEvent: vi.fn(),
  })),
});

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserverStub as unknown as typeof ResizeObserver;
window.HTMLElement.prototype.scrollIntoView = vi.fn();
// jsdom lays nothing out and has no Range geometry; the rich text editor measures the caret (a
// range, or the node beside it) when it takes focus back, to scroll it into view.
Range.prototype.getBoundingClientRect ??= () => new DOMRect();
const textNode = Text.prototype as unknown as { getBoundingClientRect?: () => DOMRect };
textNode.getBoundingClientRect ??= () => new DOMRect();

// The progress bar fades out on timers; after a file's last request they could fire once jsdom is
// gone ("document is not defined"). Without animation they settle at once, and the last hook waits
// for that.
NProgress.configure({ speed: 0, trickle: false });
afterAll(() => new Promise((resolve) => setTimeout(resolve, 20)));

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});
