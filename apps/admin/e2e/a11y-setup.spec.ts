import {
  A11Y_LANGUAGES,
  A11Y_VIEWPORTS,
  catalogueText,
  expect,
  expectNoSeriousA11yViolations,
  newLanguageContext,
  openApp,
  settle,
  test,
} from '@nimbus/e2e-kit';
import { createOperator, enrolledToken, withOperatorSession } from './support.ts';

// axe (WCAG 2.0/2.1 A and AA plus best practices) on the console's set-up screens (plans,
// benefits, promo and redeem codes, settings and notices, nodes) in English and Chinese, at 375 px and on
// a desktop window, with their forms open.

const SCREENS = [
  ['/admin/plans', 'admin-setup:plans_title'],
  ['/admin/benefits', 'admin-setup:benefits_title'],
  ['/admin/promo-codes', 'admin-setup:promo_title'],
  ['/admin/redeem-codes', 'admin-setup:redeem_title'],
  ['/admin/settings', 'admin-setup:settings_title'],
  ['/admin/notices', 'admin-setup:notices_title'],
] as const;

let serial = 0;

for (const language of A11Y_LANGUAGES) {
  test(`the set-up screens, ${language}, 375 px and desktop`, async ({
    browser,
    server,
  }, testInfo) => {
    test.setTimeout(240_000);
    const admin = createOperator(server, `setup${language.replace('-', '')}${++serial}`, 'admin');
    const token = await enrolledToken(server, admin);
    // Rows in every table: a benefit, a promo code and a redeem code.
    server.ops([
      'benefits',
      'add',
      `--key=a11y-${serial}`,
      '--name=Streaming Premium',
      '--link=https://streaming.example/login',
      '--account=shared@nimbus.example',
      '--password=a11y-pass',
      '--json',
    ]);
    server.ops(['coupons', 'create', `--code=A11Y${serial}`, '--percent=10', '--json']);
    server.ops(['redeem', 'create', '--type=lite', '--days=7', '--json']);
    const notices = [
      {
        id: `a11y-${serial}`,
        level: 'warning',
        text: { en: 'Maintenance tonight', 'zh-CN': '今晚维护' },
        link: '/pricing',
        startsAt: null,
        endsAt: null,
      },
    ];
    server.ops(['settings', 'set', 'notices', JSON.stringify(notices), '--json']);
    for (const viewport of A11Y_VIEWPORTS) {
      const context = await newLanguageContext(browser, server.url, { language, viewport });
      await withOperatorSession(context, token);
      const page = await context.newPage();
      for (const [path, key] of SCREENS) {
        await openApp(page, path);
        await expect(
          page.getByRole('heading', { level: 1, name: catalogueText(language, key) }),
        ).toBeVisible();
        // The first row's form open too (edit), where a screen has one.
        const edit = page.getByRole('button', {
          name: catalogueText(language, 'admin-setup:edit'),
        });
        if ((await edit.count()) > 0) await edit.first().click();
        await settle(page);
        await expectNoSeriousA11yViolations(page, {
          context: `${path} [${language}, ${viewport.width} px]`,
          soft: true,
          testInfo,
        });
      }
      await context.close();
    }
  });
}
