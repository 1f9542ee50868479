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
  type TestUser,
} from '@nimbus/e2e-kit';
import type { BrowserContext, Page } from '@playwright/test';

// axe (WCAG 2.0/2.1 A and AA plus best practices) on every route of the marketing site, in
// English and Chinese, at 375 px and on a desktop window, with the states a visitor meets:
// logged out and in, validation errors shown, the payment-result dialog, a paid order, a group
// invite link, a crypto payment for a real product, the phone menu open, the 404 page.

test.use({
  serverEnv: {
    GROUP_BUY_ENABLED: 'true',
    // The crypto page lists this network; the node is never called (nothing is paid on chain here).
    CRYPTO_NETWORKS: JSON.stringify([
      {
        chainId: 31337,
        name: 'Hardhat',
        rpcUrl: 'http://127.0.0.1:9',
        confirmations: 1,
        tokens: [
          { symbol: 'USDT', address: '0x5FbDB2315678afecb367f032d93F642f64180aa3', decimals: 6 },
        ],
      },
    ]),
    CRYPTO_RECIPIENT: '0x90F79bf6EB2c4f870365E785982E1f101E93b906',
  },
});

/**
 * Every route pattern of src/routes.tsx with the address visited for it. A test below reads the
 * router's paths from the routes module and fails when this list misses one, so a new route
 * cannot go unchecked.
 */
const PUBLIC_VISITS: { route: string; path: string }[] = [
  { route: '/', path: '/' },
  { route: '/register', path: '/register' },
  { route: '/login', path: '/login' },
  { route: '/resetpassword', path: '/resetpassword' },
  { route: '/pricing', path: '/pricing' },
  { route: '/group-buying', path: '/group-buying' },
  { route: '/crypto-pay/:productId', path: '/crypto-pay/3' },
  { route: '/purchased', path: '/purchased' },
  { route: '/download', path: '/download' },
  { route: '/download/tips', path: '/download/tips' },
  { route: '/affiliate', path: '/affiliate' },
  { route: '/faq', path: '/faq' },
  { route: '*', path: '/no/such/page' },
  // One page renders every clause (terms, privacy, canary) from the catalogue.
  { route: '/clause/terms', path: '/clause/terms' },
  { route: '/clause/privacy', path: '/clause/privacy' },
  { route: '/clause/canary', path: '/clause/canary' },
  { route: '/apple-help', path: '/apple-help' },
  { route: '/trial', path: '/trial' },
  // Without its key the page says the link is not valid (its journey: unsubscribe.spec.ts).
  { route: '/unsubscribe', path: '/unsubscribe' },
  { route: '/loading', path: '/loading' },
  { route: '/download/smart_links', path: '/download/smart_links' },
];

test('the list of visited routes covers every route of the router', () => {
  const listed = [...new Set(PUBLIC_VISITS.map((visit) => visit.route))].sort();
  const routes = routerPaths(new URL('../src/routes.tsx', import.meta.url));
  expect(routes.length, 'routes found in src/routes.tsx').toBeGreaterThan(10);
  expect(listed).toEqual(routes);
});

/** A text of the site's catalogues, to find controls in either language. */
const text = (language: A11yLanguage, key: string, vars: Record<string, string> = {}) =>
  catalogueText(language, key, vars);

/**
 * Opens a page in its language and waits until it has settled (hydrated, data loaded, no skeleton).
 */
async function visit(page: Page, path: string, language: A11yLanguage): Promise<void> {
  await openApp(page, path);
  await expect(page.locator('html')).toHaveAttribute('lang', language);
  await settle(page);
}

function escapeRegExp(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

interface Prepared {
  buyer: TestUser;
  paidOrderId: string;
  inviteLink: string;
}
let prepared: Prepared | undefined;

/** A member with a paid order, and another member's pay-your-share group to be invited to. */
async function prepare(context: BrowserContext, url: string): Promise<Prepared> {
  if (prepared) return prepared;
  const page = await context.newPage();
  const buyer = await registerUser(url);
  const purchase = await apiCall<{ orderId: string; checkoutUrl: string }>(
    url,
    '/api/payment/payment_purchase',
    { productId: '3', paymentMethod: 'card', idempotencyKey: randomBytes(12).toString('hex') },
    { token: buyer.token },
  );
  await page.goto(purchase.envelope.data.checkoutUrl);
  await completeSandboxCheckout(page, 'pay');

  const creator = await registerUser(url);
  const group = await apiCall<{ group: { inviteLink: string }; checkoutUrl: string }>(
    url,
    '/api/payment/payment_joint_purchase',
    {
      productId: '3',
      size: 2,
      paymentType: 1,
      paymentMethod: 'card',
      idempotencyKey: randomBytes(12).toString('hex'),
    },
    { token: creator.token },
  );
  await page.goto(group.envelope.data.checkoutUrl);
  await completeSandboxCheckout(page, 'pay');
  await page.close();
  prepared = {
    buyer,
    paidOrderId: purchase.envelope.data.orderId,
    inviteLink: group.envelope.data.group.inviteLink,
  };
  return prepared;
}

for (const language of A11Y_LANGUAGES) {
  for (const { path } of PUBLIC_VISITS) {
    test(`${path} logged out, ${language}, 375 px and desktop`, async ({
      browser,
      server,
    }, testInfo) => {
      for (const viewport of A11Y_VIEWPORTS) {
        const context = await newLanguageContext(browser, server.url, { language, viewport });
        const page = await context.newPage();
        await visit(page, path, language);
        await expectNoSeriousA11yViolations(page, {
          context: `${path} [${language}, ${viewport.width} px]`,
          soft: true,
          testInfo,
        });
        await context.close();
      }
    });
  }

  test(`validation errors and the phone menu, ${language}`, async ({
    browser,
    server,
  }, testInfo) => {
    for (const viewport of A11Y_VIEWPORTS) {
      const where = (what: string) => `${what} [${language}, ${viewport.width} px]`;
      const context = await newLanguageContext(browser, server.url, { language, viewport });
      const page = await context.newPage();
      // Validation errors shown next to their fields.
      await visit(page, '/login', language);
      await page.getByRole('tab', { name: text(language, 'auth:tab_email') }).click();
      await page.getByRole('button', { name: text(language, 'auth:login_submit') }).click();
      await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
      await expectNoSeriousA11yViolations(page, {
        context: where('/login with validation errors'),
        include: ['main'],
        soft: true,
        testInfo,
      });

      await visit(page, '/register', language);
      await page.getByRole('button', { name: text(language, 'auth:register_submit') }).click();
      await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
      await expectNoSeriousA11yViolations(page, {
        context: where('/register with validation errors'),
        include: ['main'],
        soft: true,
        testInfo,
      });

      await visit(page, '/resetpassword', language);
      await page.getByRole('button', { name: text(language, 'auth:reset_submit') }).click();
      await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
      await expectNoSeriousA11yViolations(page, {
        context: where('/resetpassword with validation errors'),
        include: ['main'],
        soft: true,
        testInfo,
      });

      if (viewport.width < 960) {
        // The phone menu (a dialog drawer).
        await visit(page, '/', language);
        await page.getByRole('button', { name: text(language, 'common:nav_open_menu') }).click();
        await expect(
          page.getByRole('dialog', { name: text(language, 'common:nav_menu') }),
        ).toBeVisible();
        await expectNoSeriousA11yViolations(page, {
          context: where('/ with the menu open'),
          include: ['[role="dialog"]'],
          soft: true,
          testInfo,
        });
      }
      await context.close();
    }
  });

  for (const viewport of A11Y_VIEWPORTS) {
    const where = (what: string) => `${what} [${language}, ${viewport.width} px]`;
    test(`member screens and dialogs: ${language} at ${viewport.width} px`, async ({
      browser,
      server,
    }, testInfo) => {
      const setup = await browser.newContext({ baseURL: server.url });
      const { buyer, paidOrderId, inviteLink } = await prepare(setup, server.url);
      await setup.close();
      const context = await newLanguageContext(browser, server.url, {
        language,
        viewport,
        token: buyer.token,
      });
      const page = await context.newPage();

      // /pricing logged in is scanned below with its promo error shown.
      for (const path of [
        '/group-buying',
        '/crypto-pay/3',
        `/purchased?orderId=${paidOrderId}`,
        inviteLink,
      ]) {
        await visit(page, path, language);
        await expectNoSeriousA11yViolations(page, {
          context: where(`${path} logged in`),
          soft: true,
          testInfo,
        });
      }

      // The promo code field with its error.
      await visit(page, '/pricing', language);
      await page
        .getByRole('button', { name: text(language, 'pricing:promo_apply'), exact: true })
        .click();
      await expect(page.locator('[aria-invalid="true"]')).toHaveCount(1);
      await expectNoSeriousA11yViolations(page, {
        context: where('/pricing promo code error'),
        soft: true,
        testInfo,
      });

      // The payment-result dialog: the question, then the paid answer with the new expiry.
      const tabPromise = context.waitForEvent('page');
      await page
        .getByRole('button', {
          name: new RegExp(`^${text(language, 'pricing:pay_amount').trim()}`),
        })
        .click();
      const checkout = await tabPromise;
      const dialog = page.getByRole('dialog');
      await expect(dialog).toBeVisible();
      await expectNoSeriousA11yViolations(page, {
        context: where('/pricing payment-result dialog, question'),
        include: ['[role="dialog"]'],
        soft: true,
        testInfo,
      });
      await completeSandboxCheckout(checkout, 'pay');
      await checkout.close();
      await dialog
        .getByRole('button', { name: text(language, 'pricing:result_completed') })
        .click();
      await expect(
        dialog.getByRole('heading', { name: text(language, 'pricing:result_success_title') }),
      ).toBeVisible();
      await expect(
        dialog.getByText(
          new RegExp(
            `^${escapeRegExp(text(language, 'pricing:result_new_expiry', { date: '' }))}\\S`,
          ),
        ),
      ).toBeVisible();
      await expectNoSeriousA11yViolations(page, {
        context: where('/pricing payment-result dialog, paid'),
        include: ['[role="dialog"]'],
        soft: true,
        testInfo,
      });
      await context.close();
    });
  }
}

test('colour contrast holds when the system asks for a dark scheme (the kit has one light theme)', async ({
  browser,
  server,
}, testInfo) => {
  const context = await newLanguageContext(browser, server.url, {
    language: 'en',
    colorScheme: 'dark',
  });
  const page = await context.newPage();
  for (const path of ['/', '/pricing', '/login']) {
    await visit(page, path, 'en');
    await expectNoSeriousA11yViolations(page, {
      context: `${path} [dark scheme]`,
      soft: true,
      testInfo,
    });
  }
  await context.close();
});
