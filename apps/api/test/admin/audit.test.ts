import { ErrorCode } from '@nimbus/api-sdk/contract';
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
