import { ErrorCode } from '@nimbus/api-sdk/contract';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { runOpsCommand } from '../../src/ops/commands.ts';
import { buy, buyer, pressOnCheckout, userRow } from '../support/payments.ts';
import { enrolledOperator, type SignedInOperator } from '../support/operator-client.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
let admin: SignedInOperator;
beforeAll(async () => {
  t = await startTestApp({ env: { JOBS_INTERVAL_SECONDS: '0' } });
  admin = await enrolledOperator(t, 'admin');
});
afterAll(() => t.close());

const planRows = () => t.app.services.db.selectFrom('plans').selectAll().orderBy('id').execute();
const auditCount = async () =>
  (await t.app.services.db.selectFrom('audit_log').select('id').execute()).length;
const ops = (args: string[]) =>
  runOpsCommand('plans', args, t.app.services, t.clock.now, 'ops:alice');

describe('plan traffic quotas', () => {
  test('a plan carries a quota and a reset rule, set in the console and by pnpm ops', async () => {
    const { plan } = await admin.client.ok('adminPlanCreate', {
      type: 'standard',
      durationDays: 30,
      priceMinor: 499,
      quota: { gb: 100 },
    });
    expect(plan.quota).toEqual({ gb: 100, reset: 'month_start' });
    const edited = await admin.client.ok('adminPlanUpdate', {
      planId: plan.planId,
      quota: { gb: 200, reset: 'purchase_day' },
    });
    expect(edited.plan.quota).toEqual({ gb: 200, reset: 'purchase_day' });
    // A new size keeps the rule.
    const resized = await admin.client.ok('adminPlanUpdate', {
      planId: plan.planId,
      quota: { gb: 50 },
    });
    expect(resized.plan.quota).toEqual({ gb: 50, reset: 'purchase_day' });

    const viaOps = await ops(['update', plan.planId, '--reset=never', '--json']);
    expect(viaOps.exitCode).toBe(0);
    expect(JSON.parse(viaOps.stdout)).toMatchObject([{ quota: { gb: 50, reset: 'never' } }]);
    const removed = await ops(['update', plan.planId, '--quota=none', '--json']);
    expect(JSON.parse(removed.stdout)).toMatchObject([{ quota: null }]);
    const added = await ops(['add', '--type=lite', '--days=30', '--price=2.99', '--quota=10']);
    expect(added.exitCode).toBe(0);
    expect(added.stdout).toContain('10 GB, month_start');
    // Plans without a quota read as before: no quota.
    const list = await admin.client.ok('adminPlanList', { page: 1, pageSize: 100 });
    expect(list.items.find((p) => p.planId === '1')?.quota).toBeNull();
  });

  test.each([
    [
      { gb: -1 },
      'Quotas are whole GB from 1 to 1048576',
      '流量配额须为 1 到 1048576 之间的整数（GB）',
    ],
    [{ gb: 0 }, 'Quotas are whole GB from 1 to 1048576', undefined],
    [{ gb: 1.5 }, 'Quotas are whole GB from 1 to 1048576', undefined],
    [{ gb: 1e12 }, 'Quotas are whole GB from 1 to 1048576', undefined],
    [
      { gb: 10, reset: 'weekly' },
      'Choose when the quota starts again: the 1st of the month, the purchase day or never',
      '请选择流量重置方式：每月 1 日、购买日或不重置',
    ],
  ])(
    'a quota of %o is refused in the reader language and changes nothing',
    async (quota, msg, zh) => {
      const before = await planRows();
      const audit = await auditCount();
      for (const answer of [
        await admin.client.call('adminPlanUpdate', { planId: '1', quota }),
        await admin.client.call('adminPlanCreate', {
          type: 'lite',
          durationDays: 30,
          priceMinor: 100,
          quota,
        }),
      ]) {
        expect(answer.status).toBe(400);
        expect(answer.body).toMatchObject({ code: ErrorCode.VALIDATION_FAILED.code, msg });
      }
      if (zh) {
        admin.client.language = 'zh-CN';
        const answer = await admin.client.call('adminPlanUpdate', { planId: '1', quota });
        admin.client.language = 'en';
        expect(answer.body.msg).toBe(zh);
      }
      expect(await planRows()).toEqual(before);
      expect(await auditCount()).toBe(audit);
    },
  );

  test('pnpm ops refuses a bad quota with a usage error and changes nothing', async () => {
    const before = await planRows();
    for (const flags of [
      ['--quota=-1'],
      ['--quota=0'],
      ['--quota=2.5'],
      ['--quota=10', '--reset=x'],
    ]) {
      const out = await ops(['update', '1', ...flags]);
      expect(out.exitCode).toBe(2);
      expect(out.stderr).toMatch(/--quota must be whole GB|--reset must be one of/);
    }
    expect(await planRows()).toEqual(before);
  });

  test('a purchase records the plan quota and when it was bought; a plan without one clears it', async () => {
    const { plan } = await admin.client.ok('adminPlanCreate', {
      type: 'standard',
      durationDays: 30,
      priceMinor: 499,
      quota: { gb: 100, reset: 'purchase_day' },
    });
    const { client, userId } = await buyer(t);
    const order = await buy(client, { productId: plan.planId });
    await pressOnCheckout(t, order.checkoutUrl, 'pay');
    expect(await userRow(t, userId)).toMatchObject({
      quota_gb: 100,
      quota_reset: 'purchase_day',
      quota_purchased_at: t.clock.now,
      over_quota_until: null,
    });
    // The operator's later change of the plan does not change what the member bought.
    await admin.client.ok('adminPlanUpdate', { planId: plan.planId, quota: { gb: 5 } });
    expect((await userRow(t, userId)).quota_gb).toBe(100);

    const plain = await buy(client, { productId: '1' });
    await pressOnCheckout(t, plain.checkoutUrl, 'pay');
    expect(await userRow(t, userId)).toMatchObject({ quota_gb: null, quota_purchased_at: null });
  });
});
