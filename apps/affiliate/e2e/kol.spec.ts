import { randomBytes } from 'node:crypto';
import { expect, registerUser, test } from '@nimbus/e2e-kit';
import { buyPlan, ops } from './support.ts';

// Commissions become payable at once (no refund-holding period), so a payout can follow a purchase.
test.use({ serverEnv: { KOL_HOLDING_DAYS: '0' } });

test('a user who is not a KOL sees the message and the way to the programme', async ({
  loggedInPage: page,
}) => {
  await page.goto('/user/kol');
  await expect(page.getByRole('heading', { name: "You're not a KOL yet" })).toBeVisible();
  await expect(
    page.getByRole('link', { name: 'Learn About the Affiliate Programme' }),
  ).toHaveAttribute('href', '/affiliate');
});

test('the language switch shows the dashboard in Chinese', async ({ loggedInPage: page }) => {
  await page.goto('/user/kol');
  await expect(page.getByRole('heading', { name: "You're not a KOL yet" })).toBeVisible();
  await page.getByRole('combobox', { name: 'Language' }).first().selectOption('zh-CN');
  await expect(page.getByRole('heading', { name: '您还不是 KOL' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'KOL 推广后台' })).toBeVisible();
});

test('a visitor without a session goes to the login page', async ({ page }) => {
  await page.goto('/user/kol');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fuser%2Fkol$/);
});

test("a referred friend's purchase shows as commission, and after a payout as a settlement with its hash", async ({
  loggedInPage: page,
  server,
  user,
}) => {
  // Operations make the user a KOL at 100 % on first purchases: `pnpm ops kol mark <user>
  // --rate=100`.
  await ops(server, ['kol', 'mark', user.userId], { rate: 100 });
  await page.goto('/user/kol');
  await expect(page.getByRole('heading', { level: 1, name: 'KOL Dashboard' })).toBeVisible();
  await expect(
    page.getByText('No commission yet. Share your link to start earning.'),
  ).toBeVisible();
  const code = (
    (await page
      .locator('dl > div')
      .filter({ hasText: 'Your referral code' })
      .locator('dd span')
      .first()
      .textContent()) ?? ''
  ).trim();
  expect(code).toMatch(/^[A-Z0-9]{6,12}$/);

  const friend = await registerUser(server.url, { inviteCode: code });
  await buyPlan(page, server, friend.token, '4');
  await page.goto('/user/kol');
  const byFriend = page
    .getByRole('tabpanel')
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: friend.userId, exact: true }) });
  const commission = byFriend;
  await expect(commission).toContainText('$179.99');
  await expect(commission).toContainText('First purchase');
  await expect(commission).toContainText('100%');
  await expect(commission).toContainText('Unsettled');
  await expect(page.getByTestId('kol-payable')).toContainText('$179.99');
  // Marked by operations, the KOL has no payout wallet yet: the dashboard asks for one, and a
  // payout is refused until it is there (`pnpm ops payout` names what is missing).
  await expect(
    page.getByText(
      "You've reached the payout threshold. Add a payout wallet below so we can pay you.",
    ),
  ).toBeVisible();
  await expect(page.getByText('Last 30 days: $179.99 in total')).toBeVisible();
  await expect(page.locator('canvas')).toBeVisible();
  const txHash = `0x${randomBytes(32).toString('hex')}`;
  await expect(ops(server, ['payout'], { kol: user.userId, tx: txHash })).rejects.toThrow(
    /has no payout wallet/,
  );

  await page.getByRole('link', { name: 'Add Wallet' }).click();
  await expect(page).toHaveURL(/\/user\/kol\/wallet$/);
  await page.getByRole('combobox', { name: 'Payout network' }).selectOption('polygon');
  await page.getByRole('textbox', { name: 'Payout wallet address' }).fill(`0x${'d4'.repeat(20)}`);
  await page.getByLabel('Your password').fill(user.password);
  await page.getByRole('button', { name: 'Save Wallet' }).click();
  await expect(page).toHaveURL(/\/user\/kol$/);
  await expect(
    page.getByText("You've reached the payout threshold. Your payout is on its way."),
  ).toBeVisible();

  // Operations pay out and record the transfer: `pnpm ops payout --kol=<user> --tx=0x...`.
  await ops(server, ['payout'], { kol: user.userId, tx: txHash });
  await page.reload();
  await expect(page.getByTestId('kol-settled')).toContainText('$179.99');
  await page.getByRole('tab', { name: 'Settlement' }).click();
  const settlement = page.getByRole('tabpanel').getByRole('row').filter({ hasText: '$179.99' });
  // The shortened hash links to the transfer on the wallet's network.
  const hashLink = settlement.getByTitle(txHash);
  await expect(hashLink).toContainText(`${txHash.slice(0, 8)}…${txHash.slice(-6)}`);
  await expect(hashLink).toHaveAttribute('href', `https://polygonscan.com/tx/${txHash}`);
  await page.getByRole('tab', { name: 'Invitation' }).click();
  await expect(byFriend).toContainText('Paid');
  await page.getByRole('tab', { name: 'Commission' }).click();
  await expect(byFriend).toContainText('Settled');
});

test('a KOL asks support about a payout from the dashboard', async ({
  loggedInPage: page,
  server,
  user,
}) => {
  await ops(server, ['kol', 'mark', user.userId], { rate: 30 });
  await page.goto('/user/kol');
  await expect(page.getByRole('heading', { name: 'Questions about a payout?' })).toBeVisible();
  await page.getByRole('link', { name: 'Ask about a payout' }).click();

  // The account centre's form, with the affiliate category chosen.
  await expect(page).toHaveURL(/\/user\/support\?category=affiliate$/);
  await expect(page.getByRole('combobox', { name: 'Topic' })).toHaveValue('affiliate');
  await page.getByRole('textbox', { name: 'Subject' }).fill('November payout not received');
  await page
    .getByRole('textbox', { name: 'Message' })
    .fill('The settlement shows as sent but my wallet has nothing yet.');
  await page.getByRole('button', { name: 'Send Ticket' }).click();
  await expect(page).toHaveURL(/\/user\/support\/\d+$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'November payout not received' }),
  ).toBeVisible();

  // Listed with its category among the KOL's tickets.
  await page.goto('/user/support');
  const row = page.getByRole('row').filter({ hasText: 'November payout not received' });
  await expect(row).toContainText('Affiliate');
});
