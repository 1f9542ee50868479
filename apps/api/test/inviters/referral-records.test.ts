import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buy, pressOnCheckout } from '../support/payments.ts';
import { registerWithEmail, registerWithUsername } from '../support/accounts.ts';
import { Client } from '../support/client.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ jobIntervalMs: 0 });
});
afterAll(() => t.close());

async function paidPurchase(client: Client, productId: string) {
  const order = await buy(client, { productId });
  await pressOnCheckout(t, order.checkoutUrl, 'pay');
}

async function inviteCodeOf(userId: string): Promise<string> {
  const row = await t.app.services.db
    .selectFrom('users')
    .select('invite_code')
    .where('id', '=', Number(userId))
    .executeTakeFirstOrThrow();
  return row.invite_code;
}

describe('invitation records', () => {
  test('every invited friend shows, masked; a purchase brings its product and the bonus time', async () => {
    const inviter = new Client(t.app);
    const { userId } = await registerWithUsername(inviter);
    // The bonus needs running membership of the inviter.
    await paidPurchase(inviter, '1');
    const code = await inviteCodeOf(userId);

    const buyerClient = new Client(t.app);
    const { email } = await registerWithEmail(buyerClient, { inviteCode: code });
    t.clock.advance(1000);
    const idleClient = new Client(t.app);
    const idle = await registerWithUsername(idleClient, { inviteCode: code });
    t.clock.advance(1000);
    await paidPurchase(buyerClient, '3');

    const records = await inviter.ok('systemInvitationRecords', { page: 1, pageSize: 10 });
    const bonus = Math.floor((365 * 86_400 * 10) / 100);
    expect(records).toEqual({
      items: [
        {
          date: t.clock.now,
          invitee: `${email.slice(0, 2)}***@example.com`,
          productName: 'Standard · 12 months',
          bonusSeconds: bonus,
          bonusReversed: false,
        },
        {
          date: t.clock.now - 1000,
          invitee: `${idle.username.slice(0, 2)}***${idle.username.slice(-1)}`,
          productName: null,
          bonusSeconds: 0,
          bonusReversed: false,
        },
      ],
      total: 2,
      page: 1,
      pageSize: 10,
      totalBonusSeconds: bonus,
    });
    expect(JSON.stringify(records)).not.toContain(email);
    expect(JSON.stringify(records)).not.toContain(idle.username);

    inviter.language = 'zh_CN';
    const second = await inviter.ok('systemInvitationRecords', { page: 2, pageSize: 1 });
    expect(second.items).toHaveLength(1);
    expect(second.items[0]?.productName).toBeNull();
    expect(
      (await inviter.ok('systemInvitationRecords', { page: 1, pageSize: 1 })).items[0]?.productName,
    ).toBe('标准版 · 12 个月');
  });

  test('an inviter without running membership sees the purchase with no bonus', async () => {
    const inviter = new Client(t.app);
    const { userId } = await registerWithUsername(inviter);
    const friend = new Client(t.app);
    await registerWithUsername(friend, { inviteCode: await inviteCodeOf(userId) });
    await paidPurchase(friend, '1');
    const records = await inviter.ok('systemInvitationRecords', { page: 1, pageSize: 10 });
    expect(records.items.map((r) => [r.productName, r.bonusSeconds])).toEqual([
      ['Standard · 1 month', 0],
    ]);
    expect(records.totalBonusSeconds).toBe(0);
  });

  test("nobody invited: an empty page; other people's friends never show", async () => {
    const lonely = new Client(t.app);
    await registerWithUsername(lonely);
    expect(await lonely.ok('systemInvitationRecords', { page: 1, pageSize: 10 })).toEqual({
      items: [],
      total: 0,
      page: 1,
      pageSize: 10,
      totalBonusSeconds: 0,
    });
    expect(
      (await new Client(t.app).call('systemInvitationRecords', { page: 1, pageSize: 10 })).body
        .status,
    ).toBe('Unauthorized');
  });
});
