import { ErrorCode } from '@nimbus/api-sdk/contract';
import { GroupBuyPaymentType } from '@nimbus/domain';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { runScheduledJobs } from '../../src/jobs/scheduled-jobs.ts';
import { databaseFingerprint, withoutRefusalRows } from '../security/fixtures.ts';
import { auditActions, idempotencyKey, userRow } from '../support/payments.ts';
import { GROUP_BUY_ON, groupOrderRows, pay, paidGroup, quickUser } from '../support/group-buy.ts';
import { enrolledOperator, type SignedInOperator } from '../support/operator-client.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
let support: SignedInOperator;
let finance: SignedInOperator;
beforeAll(async () => {
  t = await startTestApp({ env: { ...GROUP_BUY_ON, JOBS_INTERVAL_SECONDS: '0' } });
  support = await enrolledOperator(t, 'support');
  finance = await enrolledOperator(t, 'finance');
});
afterAll(() => t.close());

const page = { page: 1, pageSize: 10 };

/** A pay-self group of 3: the creator and one friend paid, a second friend holds a seat. */
async function stuckGroup() {
  const creator = await quickUser(t);
  const created = await paidGroup(t, creator.client, {
    productId: '1',
    size: 3,
    paymentType: GroupBuyPaymentType.PAY_SELF,
  });
  const { groupId } = created.group;
  const friend = await quickUser(t);
  const share = await friend.client.ok('paymentJointJoinForPay', {
    groupId,
    paymentMethod: 'card',
    idempotencyKey: idempotencyKey(),
  });
  await pay(t, share.checkoutUrl);
  const holding = await quickUser(t);
  await holding.client.ok('paymentJointJoinForPay', {
    groupId,
    paymentMethod: 'card',
    idempotencyKey: idempotencyKey(),
  });
  return { groupId, creator, friend, holding, paid: [created.orderId, share.orderId] };
}

describe('group buys in the console', () => {
  test('listed and filtered on the server; support reads, finance closes and the paid shares are refunded', async () => {
    const g = await stuckGroup();
    const mine = await support.client.ok('adminGroupList', {
      creatorId: String(g.creator.userId),
      ...page,
    });
    expect(mine.items).toEqual([
      expect.objectContaining({
        groupId: g.groupId,
        creatorId: String(g.creator.userId),
        size: 3,
        paymentType: GroupBuyPaymentType.PAY_SELF,
        joined: 2,
        state: 'open',
        closedAt: null,
      }),
    ]);
    const open = await support.client.ok('adminGroupList', { state: 'open', ...page });
    expect(open.items.map((x) => x.groupId)).toContain(g.groupId);
    const detail = await support.client.ok('adminGroupDetail', { groupId: g.groupId });
    expect(detail.members.map((m) => [m.userId, m.role, m.status])).toEqual([
      [String(g.creator.userId), 'creator', 'joined'],
      [String(g.friend.userId), 'member', 'joined'],
      [String(g.holding.userId), 'member', 'pending'],
    ]);
    expect(detail.refunds).toEqual([]);

    const before = withoutRefusalRows(await databaseFingerprint(t.app));
    const refused = await support.client.call('adminGroupClose', {
      groupId: g.groupId,
      reason: 'stuck',
    });
    expect(refused.body.code).toBe(ErrorCode.FORBIDDEN.code);
    const blank = await finance.client.call('adminGroupClose', {
      groupId: g.groupId,
      reason: '  ',
    });
    expect(blank.body.code).toBe(ErrorCode.VALIDATION_FAILED.code);
    // The refusal leaves its audit row (docs/admin.md), nothing else.
    expect(withoutRefusalRows(await databaseFingerprint(t.app))).toEqual(before);

    const closed = await finance.client.ok('adminGroupClose', {
      groupId: g.groupId,
      reason: 'Payment provider outage, customers asked',
    });
    expect(closed.refundsQueued).toBe(2);
    expect(closed.group).toMatchObject({ state: 'closed', closedAt: t.clock.now });
    const actors = await t.app.services.db
      .selectFrom('audit_log')
      .select(['actor', 'data'])
      .where('action', '=', 'group.closed')
      .where('subject_id', '=', g.groupId)
      .execute();
    expect(actors).toHaveLength(1);
    expect(actors[0]?.actor).toBe(`operator:${finance.operatorId}`);
    expect(JSON.parse(actors[0]?.data ?? '{}')).toMatchObject({
      reason: 'Payment provider outage, customers asked',
    });

    // The scheduled jobs return the money through the provider, as for an expired group.
    const run = await runScheduledJobs(t.app.services, t.clock.now);
    expect(run.paymentsRefunded).toBe(2);
    const refunded = (await groupOrderRows(t, g.groupId))
      .filter((o) => o.status === 'refunded')
      .map((o) => o.public_id)
      .sort();
    expect(refunded).toEqual([...g.paid].sort());
    for (const id of [g.creator.userId, g.friend.userId, g.holding.userId])
      expect((await userRow(t, id)).standard_expires_at).toBeNull();
    const after = await support.client.ok('adminGroupDetail', { groupId: g.groupId });
    expect(after.refunds.map((r) => [r.reason, r.status])).toEqual([
      ['group_closed', 'done'],
      ['group_closed', 'done'],
    ]);
    expect(after.members.map((m) => m.status)).toEqual(['refunded', 'refunded', 'released']);
    for (const orderId of g.paid)
      expect(await auditActions(t, 'order', orderId)).toContain('order.refunded');
    expect(
      (await support.client.ok('adminGroupList', { state: 'closed', ...page })).items.map(
        (x) => x.groupId,
      ),
    ).toContain(g.groupId);

    const again = await finance.client.call('adminGroupClose', {
      groupId: g.groupId,
      reason: 'twice',
    });
    expect(again.body.code).toBe(ErrorCode.GROUP_NOT_CLOSABLE.code);
  });

  test('a finished group is not closed, and an unknown one is not found', async () => {
    const creator = await quickUser(t);
    const finished = await paidGroup(t, creator.client, {
      productId: '1',
      size: 2,
      paymentType: GroupBuyPaymentType.PAY_ALL,
    });
    const listed = await support.client.ok('adminGroupList', { state: 'finished', ...page });
    expect(listed.items.map((x) => x.groupId)).toContain(finished.group.groupId);
    const refused = await finance.client.call('adminGroupClose', {
      groupId: finished.group.groupId,
      reason: 'try',
    });
    expect(refused.body.code).toBe(ErrorCode.GROUP_NOT_CLOSABLE.code);
    expect((await userRow(t, creator.userId)).standard_expires_at).toBeGreaterThan(t.clock.now);
    const unknown = await finance.client.call('adminGroupDetail', { groupId: 'GNOSUCHGROUP' });
    expect(unknown.body.code).toBe(ErrorCode.GROUP_NOT_FOUND.code);
  });
});
