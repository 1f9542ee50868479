import { ErrorCode } from '@nimbus/api-sdk/contract';
import { SEARCH_TOTAL_CAP } from '@nimbus/domain';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { registerWithUsername } from '../support/accounts.ts';
import { Client } from '../support/client.ts';
import { enrolledOperator } from '../support/operator-client.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ env: { JOBS_INTERVAL_SECONDS: '0' } });
});
afterAll(() => t.close());

test('the audit log shows every console change with its operator, filtered on the server', async () => {
  const support = await enrolledOperator(t, 'support');
  const admin = await enrolledOperator(t, 'admin');
  const { userId } = await registerWithUsername(new Client(t.app));
  await support.client.ok('adminUserSuspend', { userId: String(userId), reason: 'Spam' });
  await support.client.ok('adminUserReinstate', { userId: String(userId), reason: 'Ok' });

  const byActor = await admin.client.ok('adminAuditSearch', {
    actor: `operator:${support.operatorId}`,
    page: 1,
    pageSize: 10,
  });
  expect(byActor.items.map((r) => r.action)).toEqual([
    'user.reinstated',
    'user.suspended',
    'operator.enrolled',
    'operator.signed_in',
  ]);
  const byActorAndAction = await admin.client.ok('adminAuditSearch', {
    actor: `operator:${support.operatorId}`,
    action: 'user.suspended',
    page: 1,
    pageSize: 10,
  });
  expect(byActorAndAction).toMatchObject({ total: 1, totalCapped: false });
  expect(byActorAndAction.items.map((r) => [r.actor, r.action, r.subjectId])).toEqual([
    [`operator:${support.operatorId}`, 'user.suspended', String(userId)],
  ]);
  const byTarget = await admin.client.ok('adminAuditSearch', {
    subjectType: 'user',
    subjectId: String(userId),
    action: 'user.suspended',
    page: 1,
    pageSize: 10,
  });
  expect(byTarget.total).toBe(1);
  expect(JSON.parse(byTarget.items[0]?.data ?? '{}')).toMatchObject({ reason: 'Spam' });
  expect((await support.client.call('adminAuditSearch', { page: 1, pageSize: 10 })).body.code).toBe(
    ErrorCode.FORBIDDEN.code,
  );
});

test('a search past 10,000 matches says so, and its pages end at the cap', async () => {
  const admin = await enrolledOperator(t, 'admin');
  const rows = Array.from({ length: SEARCH_TOTAL_CAP + 5 }, (_, i) => ({
    actor: 'ops:bulk',
    action: 'bulk.tested',
    subject_type: 'user',
    subject_id: String(i),
    data: '{}',
    at: t.clock.now,
  }));
  for (let i = 0; i < rows.length; i += 1_000)
    await t.app.services.db
      .insertInto('audit_log')
      .values(rows.slice(i, i + 1_000))
      .execute();
  const search = (page: number) =>
    admin.client.ok('adminAuditSearch', { actor: 'ops:bulk', page, pageSize: 20 });
  const first = await search(1);
  expect(first).toMatchObject({ total: SEARCH_TOTAL_CAP, totalCapped: true });
  expect(first.items[0]?.subjectId).toBe(String(SEARCH_TOTAL_CAP + 4));
  const last = await search(SEARCH_TOTAL_CAP / 20);
  expect(last.items).toHaveLength(20);
  expect(last.items.at(-1)?.subjectId).toBe('5');
  expect((await search(SEARCH_TOTAL_CAP / 20 + 1)).items).toEqual([]);

  const narrower = await admin.client.ok('adminAuditSearch', {
    actor: 'ops:bulk',
    subjectType: 'user',
    subjectId: '7',
    page: 1,
    pageSize: 20,
  });
  expect(narrower).toMatchObject({ total: 1, totalCapped: false });
});
