import { expect, ops, openApp, test } from '@nimbus/e2e-kit';
import type { Browser } from '@playwright/test';

// /download for visitors whose device has no app (Linux) and before any link is configured.

const LINUX =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

async function visit(browser: Browser, baseURL: string, userAgent: string) {
  const context = await browser.newContext({ baseURL, locale: 'en-US', userAgent });
  const page = await context.newPage();
  await openApp(page, '/download');
  return { page, close: () => context.close() };
}

test('with no download links the page says so, and recommends nothing to Linux', async ({
  browser,
  server,
}) => {
  const { page, close } = await visit(browser, server.url, LINUX);
  await expect(page.getByRole('heading', { name: 'Download Nimbus', level: 1 })).toBeVisible();
  await expect(page.getByRole('status')).toContainText("Our apps aren't available for download");
  await expect(page.getByText('Not available yet.')).toHaveCount(4);
  await expect(page.getByText('Version 1.0.0')).toHaveCount(0);
  await expect(page.getByText('Recommended for this device')).toHaveCount(0);
  await close();
});

test('with links configured, Windows is recommended to Windows and nothing to Linux', async ({
  browser,
  server,
}) => {
  await ops(server, [
    'settings',
    'set',
    'downloads',
    JSON.stringify([
      {
        platform: 'windows',
        version: '2.1.0',
        storeUrl: null,
        packageUrl: 'https://downloads.example.com/nimbus-2.1.0.exe',
        minSystem: 'Windows 10',
        releasedAt: null,
      },
    ]),
  ]);
  const windows = await visit(browser, server.url, WINDOWS);
  await expect(async () => {
    await openApp(windows.page, '/download');
    await expect(windows.page.getByRole('link', { name: 'Download for Windows' })).toBeVisible();
  }).toPass({ timeout: 15_000 });
  await expect(
    windows.page.getByRole('region', { name: 'Windows' }).getByText('Recommended for this device'),
  ).toBeVisible();
  await expect(windows.page.getByText('Not available yet.')).toHaveCount(3);
  await windows.close();

  const linux = await visit(browser, server.url, LINUX);
  await expect(linux.page.getByRole('link', { name: 'Download for Windows' })).toBeVisible();
  await expect(linux.page.getByText('Recommended for this device')).toHaveCount(0);
  await linux.close();
});
