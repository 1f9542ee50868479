import {
  A11Y_LANGUAGES,
  A11Y_VIEWPORTS,
  catalogueText,
  expectNoSeriousA11yViolations,
  openApp,
  settle,
} from '@nimbus/e2e-kit';
import { expect, test } from './support.ts';

// axe (WCAG 2.0/2.1 A and AA plus best practices) on the console's set-up screens (plans,
// benefits, promo and redeem codes, settings and notices, nodes and a new node) in English and
// Chinese, at 375 px and on a desktop window, with their forms (and a node's token rotation) open.

const SCREENS = [
  ['/admin/plans', 'admin-setup:plans_title'],
  ['/admin/benefits', 'admin-setup:benefits_title'],
  ['/admin/promo-codes', 'admin-setup:promo_title'],
  ['/admin/redeem-codes', 'admin-setup:redeem_title'],
  ['/admin/settings', 'admin-setup:settings_title'],
  ['/admin/notices', 'admin-setup:notices_title'],
  ['/admin/nodes/new', 'admin-nodes:new_title'],
  ['/admin/nodes', 'admin-nodes:nodes_title'],
] as const;

let serial = 0;

for (const language of A11Y_LANGUAGES) {
  test(`the set-up screens, ${language}, 375 px and desktop`, async ({
    consolePage,
    operatorToken,
    server,
  }, testInfo) => {
    test.setTimeout(240_000);
    const token = await operatorToken(`setup${language.replace('-', '')}${++serial}`, 'admin');
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
    const nodeKey = `a11y-node-${serial}`;
    server.ops([
      'nodes',
      'add',
      `--key=${nodeKey}`,
      '--name=A11y node',
      '--region=JP',
      '--protocol=trojan',
      '--host=a11y.example.com',
      '--port=443',
      '--access=standard',
      '--params={"sni":"a11y.example.com"}',
      '--json',
    ]);
    for (const viewport of A11Y_VIEWPORTS) {
      const page = await consolePage(token, { language, viewport });
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
      // The nodes screen with a token rotation being confirmed.
      await page
        .getByRole('button', {
          name: catalogueText(language, 'admin-nodes:rotate_label', { key: nodeKey }),
          exact: true,
        })
        .click();
      await expect(page.getByRole('alertdialog')).toBeVisible();
      await settle(page);
      await expectNoSeriousA11yViolations(page, {
        context: `/admin/nodes rotating [${language}, ${viewport.width} px]`,
        soft: true,
        testInfo,
      });
      // A new node's token (shown once) and its V2bX entry.
      await openApp(page, '/admin/nodes/new');
      const field = (key: string) =>
        page.getByRole('textbox', { name: catalogueText(language, key), exact: true });
      await field('admin-nodes:field_key').fill(`${nodeKey}-${viewport.width}`);
      await field('admin-nodes:field_name').fill('A11y');
      await field('admin-nodes:field_region').fill('SG');
      await field('admin-nodes:field_host').fill('sg.example.com');
      await field('admin-nodes:field_params').fill('{"security": "tls", "sni": "sg.example.com"}');
      await page
        .getByRole('button', { name: catalogueText(language, 'admin-nodes:create') })
        .click();
      await expect(page.getByTestId('node-token')).toBeVisible();
      await settle(page);
      await expectNoSeriousA11yViolations(page, {
        context: `/admin/nodes/new created [${language}, ${viewport.width} px]`,
        soft: true,
        testInfo,
      });
      await page.context().close();
    }
  });
}
