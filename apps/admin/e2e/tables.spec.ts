import {
  A11Y_LANGUAGES,
  brokenTableWords,
  buyPlan,
  openApp,
  registerUser,
  settle,
} from '@nimbus/e2e-kit';
import { expect, test } from './support.ts';

// Every console table with rows in it, at the laptop width where columns get tight (1366 px),
// in English and Chinese: no word is broken across lines ("Standa/rd", "Crea/tor", "100 / %",
// an IP address split). The account centre's screens.spec.ts runs the same check on its tables.

const LAPTOP = { width: 1366, height: 900 };

let serial = 0;

for (const language of A11Y_LANGUAGES) {
  test(`console tables keep their words whole at 1366 px, ${language}`, async ({
    consolePage,
    operatorToken,
    newContext,
    server,
  }) => {
    test.setTimeout(180_000);
    const n = `${language.replace('-', '').toLowerCase()}${++serial}`;
    const token = await operatorToken(`tables${n}`, 'admin');
    // Rows everywhere: a paying member (orders, audit), a KOL, a benefit, codes and a node.
    const member = await registerUser(server.url);
    const buyer = await (await newContext()).newPage();
    await buyPlan(buyer, server, member.token, '4');
    await buyer.context().close();
    server.ops(['kol', 'mark', member.userId, '--rate=60', '--json']);
    server.ops([
      'benefits',
      'add',
      `--key=tables-${n}`,
      `--name=Streaming ${n}`,
      '--link=https://streaming.example/login',
      '--account=shared@nimbus.example',
      '--password=tables-pass',
      '--json',
    ]);
    server.ops(['coupons', 'create', `--code=TABLES${n.toUpperCase()}`, '--percent=100', '--json']);
    server.ops(['redeem', 'create', '--type=standard', '--days=30', '--json']);
    server.ops([
      'nodes',
      'add',
      `--key=tables-node-${n}`,
      '--name=Tokyo Premium Creator',
      '--region=JP',
      '--protocol=trojan',
      '--host=tokyo-premium.example.com',
      '--port=443',
      '--access=standard',
      '--params={"sni":"tokyo-premium.example.com"}',
      '--json',
    ]);

    const page = await consolePage(token, { language, viewport: LAPTOP });
    const broken: string[] = [];
    for (const path of [
      '/admin',
      '/admin/users',
      `/admin/users/${member.userId}`,
      '/admin/orders',
      '/admin/plans',
      '/admin/benefits',
      '/admin/promo-codes',
      '/admin/redeem-codes',
      '/admin/operators',
      '/admin/audit',
      '/admin/groups',
      '/admin/kol',
      `/admin/kol/${member.userId}`,
      '/admin/nodes',
    ]) {
      await openApp(page, path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
      await settle(page);
      for (const word of await brokenTableWords(page)) broken.push(`${path}: ${word}`);
    }
    expect(broken, `words broken across lines in console tables [${language}]`).toEqual([]);
  });
}
