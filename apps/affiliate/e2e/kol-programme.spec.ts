import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { expect, registerUser, test } from '@nimbus/e2e-kit';
import { buyPlan, ops } from './support.ts';

// Commissions become payable at once (no refund-holding period), so a payout can follow a purchase.
test.use({ serverEnv: { KOL_HOLDING_DAYS: '0' } });

const WALLET = `0x${'a1'.repeat(20)}`;
const NEW_WALLET = `0x${'b2'.repeat(20)}`;

test('a member applies, is approved, is paid to the wallet in force, and downloads the records as CSV', async ({
  loggedInPage: page,
  server,
  user,
}) => {
  // Not a KOL yet: the dashboard leads to the application.
  await page.goto('/user/kol');
  await expect(page.getByRole('heading', { name: "You're not a KOL yet" })).toBeVisible();
  await page.getByRole('link', { name: 'Apply to Join' }).click();
  await expect(page).toHaveURL(/\/user\/kol\/apply$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Apply to the affiliate programme' }),
  ).toBeVisible();

  // Bad input is shown at its field and nothing is sent.
  await page.getByRole('button', { name: 'Submit Application' }).click();
  await expect(page.getByText('Add at least one link to a channel you publish on')).toBeVisible();
  await page.getByRole('textbox', { name: 'Channel link 1' }).fill('https://youtube.com/@reviews');
  await page.getByRole('button', { name: 'Add Another Link' }).click();
  await page.getByRole('textbox', { name: 'Channel link 2' }).fill('https://t.me/reviews');
  await page.getByRole('textbox', { name: 'Your audience' }).fill('VPN reviews, 20k subscribers');
  await page.getByRole('combobox', { name: 'Payout network' }).selectOption('bsc');
  await page.getByRole('textbox', { name: 'Payout wallet address' }).fill('0x123');
  await page.getByRole('button', { name: 'Submit Application' }).click();
  await expect(page.getByText('Invalid wallet address')).toBeVisible();
  await page.getByRole('textbox', { name: 'Payout wallet address' }).fill(WALLET);
  await page.getByRole('button', { name: 'Submit Application' }).click();

  // Under review on the dashboard.
  await expect(page).toHaveURL(/\/user\/kol$/);
  await expect(
    page.getByRole('heading', { name: 'Your application is being reviewed' }),
  ).toBeVisible();

  // Operations approve it: `pnpm ops kol applications`, `pnpm ops kol approve <id> --rate=100`.
  const pending = await ops<{ id: string; userId: number }[]>(server, ['kol', 'applications']);
  const mine = pending.find((a) => String(a.userId) === user.userId);
  expect(mine?.id).toBeTruthy();
  await ops(server, ['kol', 'approve', mine?.id ?? ''], { rate: 100 });
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'KOL Dashboard' })).toBeVisible();
  // Inside the account centre: its section navigation leads back to the account.
  const sections = page.getByRole('navigation', { name: 'My Account' });
  await expect(sections.getByRole('link', { name: 'KOL Programme' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(sections.getByRole('link', { name: 'Devices' })).toHaveAttribute(
    'href',
    '/user/device',
  );
  await expect(page.getByTestId('kol-wallet-address')).toHaveText(WALLET);

  // A referred friend buys; the commission is payable at once (holding 0 days).
  const code = (
    (await page
      .locator('dl > div')
      .filter({ hasText: 'Your referral code' })
      .locator('dd span')
      .first()
      .textContent()) ?? ''
  ).trim();
  const friend = await registerUser(server.url, { inviteCode: code });
  await buyPlan(page, server, friend.token, '4');
  await page.goto('/user/kol');
  await expect(page.getByTestId('kol-payable')).toContainText('$179.99');
  await expect(page.getByTestId('kol-next-payout')).toHaveText('Your next payout can be made now.');
  await expect(page.getByTestId('kol-pending')).toContainText('becomes payable after 0 days');
  // The chart's legend shows the latest day's figures without pointing at it.
  await expect(page.locator('.u-legend')).toContainText('$179.99');

  // Paid out: the settlement shows the wallet in force then.
  const txHash = `0x${randomBytes(32).toString('hex')}`;
  await ops(server, ['payout'], { kol: user.userId, tx: txHash });

  // The KOL changes the wallet afterwards (password), and a notice goes to their e-mail.
  await page.goto('/user/kol');
  await page.getByRole('link', { name: 'Change Wallet' }).click();
  await expect(page).toHaveURL(/\/user\/kol\/wallet$/);
  await page.getByRole('combobox', { name: 'Payout network' }).selectOption('polygon');
  await page.getByRole('textbox', { name: 'Payout wallet address' }).fill(NEW_WALLET);
  await page.getByLabel('Your password').fill(user.password);
  await page.getByRole('button', { name: 'Save Wallet' }).click();
  await expect(page).toHaveURL(/\/user\/kol$/);
  await expect(page.getByTestId('kol-wallet-address')).toHaveText(NEW_WALLET);
  const outbox = (await (await fetch(`${server.url}/dev/outbox`)).json()) as {
    to: string;
    purpose: string;
    body?: string;
  }[];
  expect(
    outbox.find((e) => e.to === user.email && e.purpose === 'notice:kol_wallet_changed')?.body,
  ).toContain(NEW_WALLET);

  await page.getByRole('tab', { name: 'Settlement' }).click();
  const settlement = page.getByRole('tabpanel').getByRole('row').filter({ hasText: '$179.99' });
  await expect(settlement).toContainText('BNB Smart Chain');
  await expect(settlement.getByTitle(WALLET)).toBeVisible();
  await expect(
    settlement.getByRole('link', { name: new RegExp(txHash.slice(0, 8)) }),
  ).toHaveAttribute('href', `https://bscscan.com/tx/${txHash}`);

  // The records of the range as CSV, with the tables' columns and texts.
  const [commissions] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download Commissions (CSV)' }).click(),
  ]);
  const commissionCsv = await readFile((await commissions.path()) ?? '', 'utf8');
  const commissionLines = commissionCsv
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');
  expect(commissionLines[0]).toBe(
    '"Referred UID","Package","Amount paid","Type","Rate","Commission","Status","Date"',
  );
  expect(commissionLines).toHaveLength(2);
  expect(commissionLines[1]).toContain(`"${friend.userId}"`);
  expect(commissionLines[1]).toContain('"$179.99","First purchase","100%","$179.99","Settled"');

  const [settlements] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download Settlements (CSV)' }).click(),
  ]);
  expect(settlements.suggestedFilename()).toMatch(
    /^nimbus-settlements-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/,
  );
  const settlementCsv = await readFile((await settlements.path()) ?? '', 'utf8');
  const settlementLines = settlementCsv
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');
  expect(settlementLines[0]).toBe('"Payout date","Period","Amount","Paid to","Transaction hash"');
  expect(settlementLines[1]).toContain(`"$179.99","BNB Smart Chain ${WALLET}","${txHash}"`);

  // A range before the payout has none.
  await page.getByRole('textbox', { name: 'From', exact: true }).fill('2020-01-01');
  await page.getByRole('textbox', { name: 'To', exact: true }).fill('2020-01-31');
  const [empty] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download Settlements (CSV)' }).click(),
  ]);
  const emptyCsv = await readFile((await empty.path()) ?? '', 'utf8');
  expect(
    emptyCsv
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n'),
  ).toHaveLength(1);
});
