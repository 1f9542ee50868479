import { randomBytes } from 'node:crypto';
import { apiCall, buyPlan, registerUser } from '@nimbus/e2e-kit';
import { expect, test, text } from './support.ts';

// Finance in the console end to end in Chromium: a member's KOL application is approved, a
// referred friend buys, finance records the payout with the transfer's hash, and the KOL sees
// that settlement, hash included, on their dashboard.

// Commissions become payable at once (no refund-holding period), so a payout can follow a purchase.
test.use({ serverEnv: { KOL_HOLDING_DAYS: '0' } });

const WALLET = `0x${'c3'.repeat(20)}`;

test('finance approves a KOL and records a payout that shows on their dashboard', async ({
  accountPage,
  operatorPage,
  server,
}) => {
  const member = await registerUser(server.url);
  await apiCall(
    server.url,
    '/api/system/system_kol_apply',
    {
      links: ['https://youtube.com/@travel-vpn'],
      audience: 'Travel vlogs, 40k subscribers',
      wallet: { network: 'bsc', address: WALLET },
    },
    { token: member.token },
  );

  const finance = await operatorPage('payouts', 'finance');

  // The application, approved at 100 % on first purchases.
  await finance.getByRole('link', { name: text('admin-kol:nav_kol'), exact: true }).click();
  await finance.getByRole('link', { name: text('admin-kol:applications_link') }).click();
  await expect(
    finance.getByRole('heading', { level: 1, name: text('admin-kol:applications_title') }),
  ).toBeVisible();
  const application = finance.getByRole('row').filter({ hasText: member.email });
  await application
    .getByRole('button', { name: new RegExp(`^${text('admin-kol:approve')}`) })
    .click();
  await finance.getByRole('textbox', { name: text('admin-kol:approve_rate') }).fill('100');
  await finance.getByRole('button', { name: text('admin-kol:approve'), exact: true }).click();
  await expect(finance.getByRole('status').filter({ hasText: /approved/ })).toBeVisible();

  // The new KOL's referred friend buys a year ($179.99): all of it is payable at once.
  const kolPage = await accountPage(member);
  await kolPage.goto('/user/kol');
  await expect(kolPage.getByRole('heading', { level: 1, name: 'KOL Dashboard' })).toBeVisible();
  const code = (
    (await kolPage
      .locator('dl > div')
      .filter({ hasText: 'Your referral code' })
      .locator('dd span')
      .first()
      .textContent()) ?? ''
  ).trim();
  const friend = await registerUser(server.url, { inviteCode: code });
  await buyPlan(kolPage, server, friend.token, '4');

  // Finance finds the KOL among those payable now and records the transfer.
  await finance.getByRole('link', { name: text('admin-kol:nav_kol'), exact: true }).click();
  await finance.getByRole('searchbox', { name: text('admin-kol:search_label') }).fill(member.email);
  await finance.getByRole('checkbox', { name: text('admin-kol:payable_only') }).check();
  await finance.getByRole('button', { name: text('admin-kol:search') }).click();
  const row = finance.getByRole('row').filter({ hasText: member.email });
  await expect(row).toContainText('$179.99');
  await expect(row).toContainText(text('admin-kol:payout_due'));
  await row.getByRole('link', { name: `#${member.userId}` }).click();
  await expect(
    finance.getByRole('heading', {
      level: 1,
      name: text('admin-kol:kol_title', { id: member.userId }),
    }),
  ).toBeVisible();
  await expect(finance.getByText(WALLET).first()).toBeVisible();

  // A malformed hash is refused with the server's message; the real one is recorded.
  const field = finance.getByRole('textbox', { name: text('admin-kol:tx_hash') });
  await field.fill('0x1234');
  await finance.getByRole('button', { name: text('admin-kol:record_payout') }).click();
  await expect(finance.getByRole('alert')).toHaveText('Invalid transaction hash');
  const txHash = `0x${randomBytes(32).toString('hex')}`;
  await field.fill(txHash);
  await finance.getByRole('button', { name: text('admin-kol:record_payout') }).click();
  await expect(finance.getByRole('status').filter({ hasText: '$179.99' })).toBeVisible();
  const payouts = finance.getByRole('table', {
    name: text('admin-kol:payouts_title', { total: '1' }),
  });
  await expect(payouts.getByRole('cell', { name: txHash })).toBeVisible();
  await expect(finance.getByText(text('admin-kol:payout_title'))).toBeVisible();

  // The KOL's dashboard shows the settlement with the transaction hash.
  await kolPage.goto('/user/kol');
  await expect(kolPage.getByTestId('kol-settled')).toContainText('$179.99');
  await kolPage.getByRole('tab', { name: 'Settlement' }).click();
  const settlement = kolPage.getByRole('tabpanel').getByRole('row').filter({ hasText: '$179.99' });
  await expect(settlement.getByTitle(txHash)).toContainText(
    `${txHash.slice(0, 8)}…${txHash.slice(-6)}`,
  );
});
