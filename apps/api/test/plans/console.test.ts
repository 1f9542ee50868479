import { ErrorCode } from '@nimbus/api-sdk/contract';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { runOpsCommand } from '../../src/ops/commands.ts';
import { auditActions } from '../support/payments.ts';
import { Client } from '../support/client.ts';
import { enrolledOperator, type SignedInOperator } from '../support/operator-client.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
let admin: SignedInOperator;
let finance: SignedInOperator;
beforeAll(async () => {
  t = await startTestApp({ env: { JOBS_INTERVAL_SECONDS: '0' } });
  admin = await enrolledOperator(t, 'admin');
  finance = await enrolledOperator(t, 'finance');
});
afterAll(() => t.close());

const shop = async () =>
  (await new Client(t.app).signedCall('paymentShop', {})).body.data?.items ?? [];
const planRows = () => t.app.services.db.selectFrom('plans').selectAll().orderBy('id').execute();

describe('plans in the console', () => {
  test('an admin lists, creates, reprices and withdraws a plan; the shop follows at once', async () => {
    const all = await admin.client.ok('adminPlanList', { page: 1, pageSize: 100 });
    expect(all.total).toBe((await planRows()).length);
    expect(all.items[0]).toMatchObject({ planId: expect.any(String), name: expect.any(String) });
    const firstTwo = await admin.client.ok('adminPlanList', { page: 1, pageSize: 2 });
    expect(firstTwo.items).toHaveLength(2);
    expect(firstTwo.total).toBe(all.total);

    const { plan } = await admin.client.ok('adminPlanCreate', {
      type: 'lite',
      durationDays: 180,
      priceMinor: 2999,
      originalPriceMinor: 4194,
      groupBuy: true,
    });
    expect(plan).toMatchObject({
      type: 'lite',
      durationDays: 180,
      devicesAllowed: 2,
      discountPercent: 28,
      active: true,
      name: 'Lite · 6 months',
    });
    expect((await shop()).find((p) => p.productId === plan.planId)).toMatchObject({
      priceMinor: 2999,
      groupBuy: [
        { size: 2, unitPriceMinor: 1500 },
        { size: 3, unitPriceMinor: 1000 },
      ],
    });

    const repriced = await admin.client.ok('adminPlanUpdate', {
      planId: plan.planId,
      priceMinor: 2499,
      recommended: true,
    });
    expect(repriced.plan).toMatchObject({ priceMinor: 2499, originalPriceMinor: 4194 });
    expect((await shop()).find((p) => p.productId === plan.planId)?.priceMinor).toBe(2499);

    const withdrawn = await admin.client.ok('adminPlanUpdate', {
      planId: plan.planId,
      active: false,
    });
    expect(withdrawn.plan.active).toBe(false);
    expect((await shop()).some((p) => p.productId === plan.planId)).toBe(false);
    const inactive = await admin.client.ok('adminPlanList', { status: 'inactive', ...page });
    expect(inactive.items.map((p) => p.planId)).toEqual([plan.planId]);
    const active = await admin.client.ok('adminPlanList', { status: 'active', ...page });
    expect(active.items.map((p) => p.planId)).not.toContain(plan.planId);

    // The same edit twice changes nothing the second time.
    await admin.client.ok('adminPlanUpdate', { planId: plan.planId, active: false });
    expect(await auditActions(t, 'plan', plan.planId)).toEqual([
      'plan.created',
      'plan.updated',
      'plan.updated',
    ]);
    const actors = await t.app.services.db
      .selectFrom('audit_log')
      .select('actor')
      .where('subject_type', '=', 'plan')
      .where('subject_id', '=', plan.planId)
      .execute();
    expect(new Set(actors.map((a) => a.actor))).toEqual(new Set([`operator:${admin.operatorId}`]));

    // pnpm ops reads what the console wrote, through the same service.
    const listed = await runOpsCommand(
      'plans',
      ['list', '--json'],
      t.app.services,
      t.clock.now,
      'ops:alice',
    );
    const fromOps = (JSON.parse(listed.stdout) as { id: number; priceMinor: number }[]).find(
      (p) => String(p.id) === plan.planId,
    );
    expect(fromOps?.priceMinor).toBe(2499);
  });

  test.each([
    [
      { priceMinor: 2000, originalPriceMinor: 1000 },
      'The original price must not be below the price',
    ],
    [
      { priceMinor: 2000, originalPriceMinor: 1999 },
      'The original price must not be below the price',
    ],
  ])('a bad edit %o is refused in the reader language and changes nothing', async (edit, msg) => {
    const before = await planRows();
    const audit = await t.app.services.db.selectFrom('audit_log').select('id').execute();
    const answer = await admin.client.call('adminPlanUpdate', { planId: '1', ...edit });
    expect(answer.body).toMatchObject({ code: ErrorCode.VALIDATION_FAILED.code, msg });
    admin.client.language = 'zh-CN';
    const zh = await admin.client.call('adminPlanUpdate', { planId: '1', ...edit });
    admin.client.language = 'en';
    expect(zh.body.msg).toBe('原价不能低于售价');
    expect(await planRows()).toEqual(before);
    expect(await t.app.services.db.selectFrom('audit_log').select('id').execute()).toHaveLength(
      audit.length,
    );
  });

  test('out-of-range fields are refused by the contract, an unknown plan by the service', async () => {
    for (const input of [
      { type: 'lite', durationDays: 0, priceMinor: 100 },
      { type: 'lite', durationDays: 30, priceMinor: -1 },
      { type: 'gold', durationDays: 30, priceMinor: 100 },
      { type: 'lite', durationDays: 30, priceMinor: 100, devicesAllowed: 101 },
    ])
      expect((await admin.client.call('adminPlanCreate', input)).body.code).toBe(
        ErrorCode.VALIDATION_FAILED.code,
      );
    expect(
      (await admin.client.call('adminPlanUpdate', { planId: '99999', priceMinor: 1 })).body.code,
    ).toBe(ErrorCode.PLAN_NOT_FOUND.code);
    expect(
      (await admin.client.call('adminPlanUpdate', { planId: 'x', priceMinor: 1 })).body.code,
    ).toBe(ErrorCode.PLAN_NOT_FOUND.code);
  });

  test('finance cannot change plans (refused on the server)', async () => {
    const before = await planRows();
    expect(
      (await finance.client.call('adminPlanUpdate', { planId: '1', priceMinor: 1 })).body.code,
    ).toBe(ErrorCode.FORBIDDEN.code);
    expect(await planRows()).toEqual(before);
  });
});

const page = { page: 1, pageSize: 10 };
