import {
  A11Y_LANGUAGES,
  A11Y_VIEWPORTS,
  catalogueText,
  expect,
  expectNoSeriousA11yViolations,
  newLanguageContext,
  ops,
  openApp,
  settle,
  test,
} from '@nimbus/e2e-kit';
import type { Page } from '@playwright/test';

// Run-time settings an operator changes with `pnpm ops settings`: site notices in every app and
// feature switches honoured by the apps and the server. Every process follows a change within
// about 2 s, so each check reloads until it holds.

const notice = (id: string, en: string, zh: string) => ({
  id,
  level: 'warning',
  text: { en, 'zh-CN': zh },
  link: '/pricing',
  startsAt: null,
  endsAt: null,
});

async function reloadUntil(page: Page, path: string, check: () => Promise<void>) {
  await expect(async () => {
    await openApp(page, path);
    await check();
  }).toPass({ timeout: 15_000 });
}

test('a site notice shows in every app in the reader language, and a dismissed one stays dismissed', async ({
  loggedInPage: page,
  server,
}) => {
  await ops(server, [
    'settings',
    'set',
    'notices',
    JSON.stringify([
      notice('maintenance-1', 'Maintenance on Sunday at 02:00 UTC.', '周日 02:00 (UTC) 维护。'),
    ]),
  ]);
  const notices = page.getByRole('region', { name: 'Site notices' });
  await reloadUntil(page, '/', async () => {
    await expect(notices).toContainText('Maintenance on Sunday at 02:00 UTC.');
  });
  await expect(notices.getByRole('link', { name: 'Learn more' })).toHaveAttribute(
    'href',
    '/pricing',
  );
  // The account centre and the KOL dashboard show it too.
  await openApp(page, '/user/profile');
  await expect(notices).toContainText('Maintenance on Sunday at 02:00 UTC.');
  await openApp(page, '/user/kol');
  await expect(notices).toContainText('Maintenance on Sunday at 02:00 UTC.');

  // Dismissed here, it stays dismissed in every app of this browser.
  await notices.getByRole('button', { name: 'Dismiss' }).click();
  await expect(notices).toHaveCount(0);
  for (const path of ['/', '/user/profile', '/pricing']) {
    await openApp(page, path);
    await settle(page);
    await expect(page.getByText('Maintenance on Sunday at 02:00 UTC.')).toHaveCount(0);
  }

  // A new notice (a new id) shows again; in Chinese for a Chinese reader.
  await ops(server, [
    'settings',
    'set',
    'notices',
    JSON.stringify([notice('maintenance-2', 'Back to normal.', '服务已恢复正常。')]),
  ]);
  await reloadUntil(page, '/', async () => {
    await expect(notices).toContainText('Back to normal.');
  });
  await ops(server, ['settings', 'unset', 'notices']);
});

test('a switched-off feature disappears from the apps and its call answers a clear error', async ({
  loggedInPage: page,
  server,
}) => {
  // A window wide enough for the header's links in the bar (below 1024 px they are in the menu).
  await page.setViewportSize({ width: 1920, height: 1080 });
  await reloadUntil(page, '/', async () => {
    await expect(page.getByRole('banner').getByRole('link', { name: 'Affiliate' })).toBeVisible();
  });
  await ops(server, ['settings', 'set', 'features.trial', 'false']);
  await ops(server, ['settings', 'set', 'features.affiliate', 'false']);
  await ops(server, ['settings', 'set', 'features.studentDiscount', 'true']);
  try {
    await reloadUntil(page, '/', async () => {
      await expect(page.getByRole('button', { name: '15-minute free trial' })).toHaveCount(0);
      await expect(page.getByRole('link', { name: 'Affiliate' })).toHaveCount(0);
    });
    // The student discount's footer link leads to its FAQ entry, open.
    await page.getByRole('link', { name: 'Student Discount' }).click();
    await expect(page).toHaveURL(/\/faq#student-discount$/);
    await expect(page.getByText('Is there a student discount?')).toBeVisible();
    await expect(page.locator('details#student-discount')).toHaveAttribute('open', '');

    // The trial page's button is refused by the server, in the reader's language.
    await openApp(page, '/trial');
    await page.getByRole('button', { name: '15-minute free trial' }).click();
    await expect(page.getByText('This feature is not available at the moment.')).toBeVisible();
  } finally {
    await ops(server, ['settings', 'unset', 'features.trial']);
    await ops(server, ['settings', 'unset', 'features.affiliate']);
    await ops(server, ['settings', 'unset', 'features.studentDiscount']);
  }
  await reloadUntil(page, '/', async () => {
    await expect(page.getByRole('button', { name: '15-minute free trial' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Student Discount' })).toHaveCount(0);
    await expect(page.getByRole('banner').getByRole('link', { name: 'Affiliate' })).toBeVisible();
  });
});

for (const language of A11Y_LANGUAGES) {
  test(`the notice banner passes axe, ${language}, 375 px and desktop`, async ({
    browser,
    server,
  }, testInfo) => {
    await ops(server, [
      'settings',
      'set',
      'notices',
      JSON.stringify([
        notice('a11y-1', 'Maintenance on Sunday at 02:00 UTC.', '周日 02:00 (UTC) 维护。'),
        { ...notice('a11y-2', 'New plans are here.', '新套餐上线。'), level: 'info', link: null },
      ]),
    ]);
    for (const viewport of A11Y_VIEWPORTS) {
      const context = await newLanguageContext(browser, server.url, { language, viewport });
      const page = await context.newPage();
      const region = page.getByRole('region', {
        name: catalogueText(language, 'common:notices_label'),
      });
      await reloadUntil(page, '/', async () => {
        await expect(region.getByRole('button')).toHaveCount(2);
      });
      await settle(page);
      await expectNoSeriousA11yViolations(page, {
        context: `notices [${language}, ${viewport.width} px]`,
        include: ['section[aria-label]'],
        soft: true,
        testInfo,
      });
      await context.close();
    }
    await ops(server, ['settings', 'unset', 'notices']);
  });
}

test('a display config that cannot be fetched leaves the defaults quietly, without an error toast', async ({
  page,
}) => {
  let refused = 0;
  await page.route('**/system_display_config', async (route) => {
    refused++;
    await route.abort('connectionrefused');
  });
  await openApp(page, '/pricing');
  await settle(page);
  expect(refused).toBeGreaterThan(0);
  // No "Network error" toast: the page keeps what it was built with (no notices, the
  // recommended plan as the popular one).
  const toasts = page.getByRole('region', { name: 'Notifications' }).getByRole('listitem');
  await expect(toasts).toHaveCount(0);
  await expect(page.getByText('Network error. Please try again later.')).toHaveCount(0);
  await expect(page.getByText('Most popular').first()).toBeVisible();
  await expect(page.getByRole('region', { name: 'Site notices' })).toHaveCount(0);
});
