import { randomBytes } from 'node:crypto';
import { apiCall, expect, test } from '@nimbus/e2e-kit';

// Group buying is switched off unless the site configuration turns it on.
test.use({ serverEnv: { GROUP_BUY_ENABLED: 'true' } });

test.describe('group purchases', () => {
  test('a group the user created is listed with its members, countdown, link and order', async ({
    loggedInPage: page,
    server,
    user,
  }) => {
    const { envelope } = await apiCall<{
      group: { groupId: string };
      orderId: string;
      checkoutUrl: string | null;
    }>(
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
    await page.goto(envelope.data.checkoutUrl ?? '');
    await page.locator('form:has(input[value="pay"]) button').click();
    await page.goto('/user/group-buying');
    const card = page
      .getByRole('tabpanel')
      .getByRole('listitem')
      .filter({ hasText: envelope.data.group.groupId });
    await expect(card).toContainText('In progress');
    await expect(card).toContainText('1/2 joined');
    await expect(card.getByRole('timer', { name: 'Ends in' })).toBeVisible();
    await expect(card.getByRole('button', { name: 'Copy Link' })).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: envelope.data.orderId })).toContainText(
      'Paid',
    );
    await page.getByRole('tab', { name: 'Joined' }).click();
    await expect(page.getByText("You haven't created or joined any group yet.")).toBeVisible();
  });
});
