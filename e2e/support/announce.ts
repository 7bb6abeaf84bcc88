import { expect, type Page } from '@playwright/test';

/**
 * A success as the app reports it: a toast to see (role note, no alert) and its text said once by the
 * app's live region (role status, visually hidden).
 */
export async function expectSuccess(page: Page, text: string): Promise<void> {
  await expect(page.getByRole('note').filter({ hasText: text })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: text })).toHaveCount(1);
  await expect(page.getByRole('alert').filter({ hasText: text })).toHaveCount(0);
}

/** After a client-side navigation: the tab's title names the screen and focus is on its h1. */
export async function expectArrivedAt(page: Page, heading: string): Promise<void> {
  await expect(page).toHaveTitle(`${heading} – Einwurf`);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeFocused();
  await expect(page.getByRole('status').filter({ hasText: `${heading} – Einwurf` })).toHaveCount(1);
}
