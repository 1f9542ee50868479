import { randomBytes } from 'node:crypto';
import {
  A11Y_LANGUAGES,
  A11Y_VIEWPORTS,
  apiCall,
  catalogueText,
  completeSandboxCheckout,
  expect,
  expectNoSeriousA11yViolations,
  newLanguageContext,
  openApp,
  registerUser,
  routerPaths,
  settle,
  test,
  type A11yLanguage,
  type RunningServer,
  type TestUser,
} from '@nimbus/e2e-kit';
import type { Browser, Page } from '@playwright/test';

// axe (WCAG 2.0/2.1 A and AA plus best practices) on every screen of the KOL dashboard, in
// English and Chinese, at 375 px and on a desktop window: a KOL with a referred friend's
// commission (every records tab), a member who is not a KOL, the not-found page.

test.use({ serverEnv: { KOL_HOLDING_DAYS: '0' } });

/** Every route of src/routes.tsx (under /user/kol) with the address visited for it. */
const VISITS: { route: string; path: string }[] = [
  { route: '/', path: '/user/kol' },
  { route: '/apply', path: '/user/kol/apply' },
  { route: '/wallet', path: '/user/kol/wallet' },
  { route: '*', path: '/user/kol/no-such-page' },
];

test('the list of visited routes covers every route of the router', () => {
  const routes = routerPaths(new URL('../src/routes.tsx', import.meta.url));
  expect(routes.length, 'routes found in src/routes.tsx').toBeGreaterThan(1);
  expect([...new Set(VISITS.map((visit) => visit.route))].sort()).toEqual(routes);
});

/** A text of the site's catalogues, to find controls in either language. */
const text = (language: A11yLanguage, key: string, vars: Record<string, string> = {}) =>
  catalogueText(language, key, vars);

async function visit(page: Page, path: string, language: A11yLanguage): Promise<void> {
  await openApp(page, path);
  await expect(page.locator('html')).toHaveAttribute('lang', language);
  await expect(page).toHaveURL(/\/user\/kol/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await settle(page);
}

/** A KOL whose referred friend bought a plan: commission, an invitation, the earnings chart. */
let kol: Promise<TestUser> | undefined;
function kolOf(browser: Browser, server: RunningServer): Promise<TestUser> {
  kol ??= (async () => {
    const user = await registerUser(server.url);
    server.ops(['kol', 'mark', user.userId, '--rate=30', '--json']);
    // The referral code as the dashboard shows it (system_user_info is a signed call).
    const context = await newLanguageContext(browser, server.url, {
      language: 'en',
      token: user.token,
    });
    const page = await context.newPage();
    await openApp(page, '/user/kol');
    const code = (
      (await page
        .locator('dl > div')
        .filter({ hasText: text('en', 'kol:your_code') })
        .locator('dd span')
        .first()
        .textContent()) ?? ''
    ).trim();
    expect(code).toMatch(/^[A-Z0-9]{6,12}$/);
    const friend = await registerUser(server.url, { inviteCode: code });
    const order = await apiCall<{ checkoutUrl: string }>(
      server.url,
      '/api/payment/payment_purchase',
      { productId: '3', paymentMethod: 'card', idempotencyKey: randomBytes(12).toString('hex') },
      { token: friend.token },
    );
    await page.goto(order.envelope.data.checkoutUrl);
    await completeSandboxCheckout(page, 'pay');
    await context.close();
    return user;
  })();
  return kol;
}

for (const language of A11Y_LANGUAGES) {
  test(`the dashboard of a KOL with commission, every records tab, ${language}, 375 px and desktop`, async ({
    browser,
    server,
  }, testInfo) => {
    // Ten axe scans over two windows: past the default 60 s on a loaded two-core machine.
    test.setTimeout(240_000);
    const user = await kolOf(browser, server);
    for (const viewport of A11Y_VIEWPORTS) {
      const where = (what: string) => `${what} [${language}, ${viewport.width} px]`;
      const context = await newLanguageContext(browser, server.url, {
        language,
        viewport,
        token: user.token,
      });
      const page = await context.newPage();
      await visit(page, '/user/kol', language);
      await expect(
        page.getByRole('heading', { level: 1, name: text(language, 'kol:title') }),
      ).toBeVisible();
      await expect(
        page
          .getByRole('main')
          .getByRole('heading', { level: 1, name: text(language, 'kol:title') }),
      ).toBeVisible();
      await expectNoSeriousA11yViolations(page, {
        context: where('/user/kol'),
        soft: true,
        testInfo,
      });
      for (const tab of ['settlement', 'invitation'] as const) {
        await page.getByRole('tab', { name: text(language, `kol:tab_${tab}`) }).click();
        await settle(page);
        await expectNoSeriousA11yViolations(page, {
          context: where(`/user/kol ${tab} tab`),
          soft: true,
          testInfo,
        });
      }
      await visit(page, '/user/kol/wallet', language);
      await expect(
        page.getByRole('combobox', { name: text(language, 'kol:wallet_network') }),
      ).toBeVisible();
      await expectNoSeriousA11yViolations(page, {
        context: where('/user/kol/wallet'),
        soft: true,
        testInfo,
      });
      await visit(page, '/user/kol/no-such-page', language);
      await expectNoSeriousA11yViolations(page, {
        context: where('/user/kol/no-such-page'),
        soft: true,
        testInfo,
      });
      await context.close();
    }
  });

  test(`a member who is not a KOL, ${language}, 375 px and desktop`, async ({
    browser,
    server,
  }, testInfo) => {
    const user = await registerUser(server.url);
    for (const viewport of A11Y_VIEWPORTS) {
      const context = await newLanguageContext(browser, server.url, {
        language,
        viewport,
        token: user.token,
      });
      const page = await context.newPage();
      await visit(page, '/user/kol', language);
      await expect(
        page.getByRole('heading', { name: text(language, 'kol:not_kol') }),
      ).toBeVisible();
      await expectNoSeriousA11yViolations(page, {
        context: `/user/kol, not a KOL [${language}, ${viewport.width} px]`,
        soft: true,
        testInfo,
      });
      await visit(page, '/user/kol/apply', language);
      // The form with its messages showing: submitted empty.
      await page.getByRole('button', { name: text(language, 'kol:apply_submit') }).click();
      await expect(
        page.getByText(text(language, 'validation:channel_link_required')),
      ).toBeVisible();
      await expectNoSeriousA11yViolations(page, {
        context: `/user/kol/apply [${language}, ${viewport.width} px]`,
        soft: true,
        testInfo,
      });
      await context.close();
    }
  });
}
