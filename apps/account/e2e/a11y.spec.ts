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

// axe (WCAG 2.0/2.1 A and AA plus best practices) on every screen of the account centre, in
// English and Chinese, at 375 px and on a desktop window: a member with membership, a device,
// the third-party client on, a group buy with its invite link and orders; a new member's empty
// screens; a KOL's invitations page; the dialogs and the redeem-code error.

test.use({ serverEnv: { GROUP_BUY_ENABLED: 'true' } });

/** Every route of src/routes.tsx (under /user) with the address visited for it. */
const VISITS: { route: string; path: string }[] = [
  { route: '/', path: '/user' },
  { route: '/profile', path: '/user/profile' },
  { route: '/security', path: '/user/security' },
  { route: '/device', path: '/user/device' },
  { route: '/reward', path: '/user/reward' },
  { route: '/group-buying', path: '/user/group-buying' },
  { route: '/benefits', path: '/user/benefits' },
  { route: '/third-party', path: '/user/third-party' },
  { route: '/support', path: '/user/support' },
  // A ticket that is not the member's (or does not exist): its not-found state.
  { route: '/support/:ticketId', path: '/user/support/999999' },
  { route: '*', path: '/user/no-such-page' },
];

test('the list of visited routes covers every route of the router', () => {
  const routes = routerPaths(new URL('../src/routes.tsx', import.meta.url));
  expect(routes.length, 'routes found in src/routes.tsx').toBeGreaterThan(5);
  expect([...new Set(VISITS.map((visit) => visit.route))].sort()).toEqual(routes);
});

/** A text of the site's catalogues, to find controls in either language. */
const text = (language: A11yLanguage, key: string, vars: Record<string, string> = {}) =>
  catalogueText(language, key, vars);

/**
 * Opens a screen in its language, checks it is the screen (not a redirect to the login page) and
 * waits until it has settled.
 */
async function visit(page: Page, path: string, language: A11yLanguage): Promise<void> {
  await openApp(page, path);
  await expect(page.locator('html')).toHaveAttribute('lang', language);
  await expect(page).toHaveURL(/\/user(\/|$)/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await settle(page);
}

function ops<T>(server: RunningServer, args: string[]): T {
  return server.ops([...args, '--json']) as T;
}

async function payCheckout(browser: Browser, checkoutUrl: string): Promise<void> {
  const page = await browser.newPage();
  await page.goto(checkoutUrl);
  await completeSandboxCheckout(page, 'pay');
  await page.close();
}

/**
 * A member with everything on screen: membership, a device, the client on, a group with its orders.
 */
let member: Promise<TestUser> | undefined;
function memberOf(browser: Browser, server: RunningServer): Promise<TestUser> {
  member ??= (async () => {
    const user = await registerUser(server.url);
    const { codes } = ops<{ codes: string[] }>(server, [
      'redeem',
      'create',
      '--type=standard',
      '--days=30',
    ]);
    await apiCall(
      server.url,
      '/api/system/system_redeem_code',
      { code: codes[0] },
      { token: user.token },
    );
    await apiCall(
      server.url,
      '/api/user/user_bind_device',
      {
        deviceId: 'a11y-mac',
        name: 'Studio MacBook Pro',
        platform: 2,
        kind: 1,
        system: 'macOS 15.2',
        version: '3.4.0',
      },
      { token: user.token },
    );
    await apiCall(server.url, '/api/system/system_third_party_enable', {}, { token: user.token });
    const group = await apiCall<{ checkoutUrl: string }>(
      server.url,
      '/api/payment/payment_joint_purchase',
      {
        productId: '3',
        size: 2,
        paymentType: 1,
        paymentMethod: 'card',
        idempotencyKey: randomBytes(12).toString('hex'),
      },
      { token: user.token },
    );
    await payCheckout(browser, group.envelope.data.checkoutUrl);
    return user;
  })();
  return member;
}

for (const language of A11Y_LANGUAGES) {
  for (const { path } of VISITS) {
    test(`${path}, a member with everything, ${language}, 375 px and desktop`, async ({
      browser,
      server,
    }, testInfo) => {
      const user = await memberOf(browser, server);
      for (const viewport of A11Y_VIEWPORTS) {
        const context = await newLanguageContext(browser, server.url, {
          language,
          viewport,
          token: user.token,
        });
        const page = await context.newPage();
        await visit(page, path, language);
        // One main landmark, the section's content (a not-found page too), with the section
        // navigation beside it, not in it.
        await expect(page.getByRole('main')).toHaveCount(1);
        await expect(
          page.getByRole('navigation', { name: text(language, 'account:title') }),
        ).toHaveCount(1);
        await expect(
          page.getByRole('main').getByRole('navigation', { name: text(language, 'account:title') }),
        ).toHaveCount(0);
        await expectNoSeriousA11yViolations(page, {
          context: `${path} [${language}, ${viewport.width} px]`,
          soft: true,
          testInfo,
        });
        await context.close();
      }
    });
  }

  for (const viewport of A11Y_VIEWPORTS) {
    test(`a new member's empty screens, ${language} at ${viewport.width} px`, async ({
      browser,
      server,
    }, testInfo) => {
      // One axe scan per account screen in one test: 48.7 s to over 60 s (three of four timed out)
      // in a CI run at load 8-15 on two cores, so it gets the time the other multi-scan tests get.
      test.setTimeout(180_000);
      const user = await registerUser(server.url);
      const context = await newLanguageContext(browser, server.url, {
        language,
        viewport,
        token: user.token,
      });
      const page = await context.newPage();
      for (const { path } of VISITS.filter((v) => v.route !== '*' && v.route !== '/')) {
        await visit(page, path, language);
        await expectNoSeriousA11yViolations(page, {
          context: `${path}, nothing yet [${language}, ${viewport.width} px]`,
          soft: true,
          testInfo,
        });
      }
      await context.close();
    });
  }

  test(`a KOL's invitations, ${language}, 375 px and desktop`, async ({
    browser,
    server,
  }, testInfo) => {
    const kol = await registerUser(server.url);
    ops(server, ['kol', 'mark', kol.userId, '--rate=30']);
    for (const viewport of A11Y_VIEWPORTS) {
      const context = await newLanguageContext(browser, server.url, {
        language,
        viewport,
        token: kol.token,
      });
      const page = await context.newPage();
      await visit(page, '/user/reward', language);
      await expect(page.getByText(text(language, 'reward:kol_instead'))).toBeVisible();
      await expectNoSeriousA11yViolations(page, {
        context: `/user/reward as a KOL [${language}, ${viewport.width} px]`,
        soft: true,
        testInfo,
      });
      await context.close();
    }
  });

  for (const viewport of A11Y_VIEWPORTS) {
    test(`dialogs and errors, ${language} at ${viewport.width} px`, async ({
      browser,
      server,
    }, testInfo) => {
      const user = await memberOf(browser, server);
      const where = (what: string) => `${what} [${language}, ${viewport.width} px]`;
      const context = await newLanguageContext(browser, server.url, {
        language,
        viewport,
        token: user.token,
      });
      const page = await context.newPage();

      // The redeem-code field with its error.
      await visit(page, '/user/profile', language);
      await page
        .getByRole('button', { name: text(language, 'account:redeem_button'), exact: true })
        .click();
      await expect(page.locator('[aria-invalid="true"]')).toHaveCount(1);
      await expectNoSeriousA11yViolations(page, {
        context: where('/user/profile redeem error'),
        include: ['#main'],
        soft: true,
        testInfo,
      });

      // Delete account: a dialog with a password field.
      await page.getByRole('button', { name: text(language, 'account:delete_button') }).click();
      await expect(page.getByRole('alertdialog')).toBeVisible();
      await expectNoSeriousA11yViolations(page, {
        context: where('/user/profile delete-account dialog'),
        include: ['[role="alertdialog"]'],
        soft: true,
        testInfo,
      });

      // Unbind a device: a confirmation.
      await visit(page, '/user/device', language);
      await page
        .getByRole('button', { name: new RegExp(text(language, 'device:unbind')) })
        .first()
        .click();
      await expect(page.getByRole('alertdialog')).toBeVisible();
      await expectNoSeriousA11yViolations(page, {
        context: where('/user/device unbind confirmation'),
        include: ['[role="alertdialog"]'],
        soft: true,
        testInfo,
      });

      // Turn the third-party client off: a confirmation.
      await visit(page, '/user/third-party', language);
      await page
        .getByRole('button', { name: text(language, 'third-party:disable'), exact: true })
        .click();
      await expect(page.getByRole('alertdialog')).toBeVisible();
      await expectNoSeriousA11yViolations(page, {
        context: where('/user/third-party disable confirmation'),
        include: ['[role="alertdialog"]'],
        soft: true,
        testInfo,
      });
      await context.close();
    });
  }
}
