import { expect, registerUser, test } from '@nimbus/e2e-kit';
import { buyPlan, ops } from './support.ts';

test.describe('invite friends', () => {
  test('shows the link, the code, the rules, and a friend who signed up with the code', async ({
    loggedInPage: page,
    server,
  }) => {
    await page.goto('/user/reward');
    await expect(
      page.getByText('No invitations yet. Share your link to start earning bonus time.'),
    ).toBeVisible();
    await expect(
      page.getByText(
        'Friends who sign up with it and an e-mail address or phone number get a free trial of 3 hours.',
      ),
    ).toBeVisible();
    await expect(
      page.getByText('Bonus time is only granted while you have an active membership.'),
    ).toBeVisible();
    const code =
      (await page
        .locator('dl > div')
        .filter({ hasText: 'Your invite code' })
        .locator('dd span')
        .first()
        .textContent()) ?? '';
    expect(code).toMatch(/^[A-Z0-9]{6,12}$/);
    await registerUser(server.url, { inviteCode: code });
    await page.reload();
    await expect(page.getByText('1 friend invited')).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: 'Not purchased yet' })).toBeVisible();
  });
});

test.describe('benefits', () => {
  test('a member without a yearly plan is told why and where to get one', async ({
    loggedInPage: page,
  }) => {
    await page.goto('/user/benefits');
    await expect(page.getByRole('heading', { name: 'No benefits yet' })).toBeVisible();
    await expect(page.getByText('Benefits are included with an active yearly plan.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'View Yearly Plans' })).toHaveAttribute(
      'href',
      '/pricing',
    );
  });

  test('a yearly member sees the shared accounts, the password only when asked, with copy', async ({
    loggedInPage: page,
    server,
    user,
  }) => {
    await ops(server, ['benefits', 'add'], {
      key: 'e2e-stream',
      name: 'Streaming Plus',
      link: 'https://streaming.example/login',
      account: 'shared01@nimbus.example',
      password: 'S3cret-pass',
    });
    await buyPlan(page, server, user.token, '3');
    await page
      .context()
      .grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    await page.goto('/user/benefits');
    await expect(page.getByText(/^Available until /)).toBeVisible();
    await expect(
      page.getByText(
        "These accounts are shared with other members. Please don't change their passwords or settings.",
      ),
    ).toBeVisible();
    const item = page.getByRole('listitem').filter({ hasText: 'Streaming Plus' });
    await expect(item).toContainText('shared01@nimbus.example');
    await expect(item).not.toContainText('S3cret-pass');
    await item.getByRole('button', { name: 'Show password' }).click();
    await expect(item).toContainText('S3cret-pass');
    await item.getByRole('button', { name: 'Copy password' }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('S3cret-pass');
    await expect(item.getByRole('link', { name: /Open/ })).toHaveAttribute(
      'href',
      'https://streaming.example/login',
    );
  });
});
