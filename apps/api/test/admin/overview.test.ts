import { afterAll, beforeAll, expect, test } from 'vitest';
import { buy, buyer, pressOnCheckout } from '../support/payments.ts';
import { enrolledOperator } from '../support/operator-client.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ env: { JOBS_INTERVAL_SECONDS: '0' } });
});
afterAll(() => t.close());

test('the overview counts signups, revenue by day and provider, and members', async () => {
  const finance = await enrolledOperator(t, 'finance');
  const before = await finance.client.ok('adminOverview', {});
  expect(before.signupsByDay).toHaveLength(14);
  const today = new Date(t.clock.now).toISOString().slice(0, 10);
  expect(before.signupsByDay.at(-1)?.day).toBe(today);

  const { client } = await buyer(t);
  const order = await buy(client);
  await pressOnCheckout(t, order.checkoutUrl, 'pay');
  const after = await finance.client.ok('adminOverview', {});
  expect(after.signupsByDay.at(-1)?.count).toBe((before.signupsByDay.at(-1)?.count ?? 0) + 1);
  const revenue = (o: typeof after) =>
    o.revenueByDay
      .filter((r) => r.day === today && r.provider === 'sandbox')
      .reduce((sum, r) => sum + r.amountMinor, 0);
  expect(revenue(after)).toBeGreaterThan(revenue(before));
  expect(after.payingMembers).toBe(before.payingMembers + 1);
  expect(after.activeMembers).toBe(before.activeMembers + 1);
});
