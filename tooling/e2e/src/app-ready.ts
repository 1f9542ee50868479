import type { Page } from '@playwright/test';

/**
 * Opens a page of the site and waits until the app has hydrated it (<html data-app-ready>, set
 * by @nimbus/web's AppRoot). A pre-rendered page is visible before that, but a click or a key
 * press on it is the browser's own until React has taken over.
 */
export async function openApp(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.locator('html[data-app-ready="true"]').waitFor({ state: 'attached' });
}
