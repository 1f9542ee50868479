import { endpoints, type Envelope } from '@nimbus/api-sdk/contract';
import { GroupBuyPaymentType, GroupBuyStatus } from '@nimbus/domain';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { idempotencyKey } from '../support/payments.ts';
import {
  GROUP_BUY_ON,
  groupOrderRows,
  pay,
  paidGroup,
  quickUser,
  seatRows,
} from '../support/group-buy.ts';
import { DIALECT, secondProcess, startTestApp, type TestApp } from '../support/test-app.ts';

// On PostgreSQL two API processes share the database, each listening on loopback, as behind a
// load balancer. SQLite is one process: better-sqlite3 waits for a lock synchronously, so a
// second "process" in this same thread would block the holder of the lock it waits for (real
// separate processes do not; ops-jobs.test.ts runs those).
let t: TestApp;
let other: TestApp | undefined;
const bases: string[] = [];
beforeAll(async () => {
  t = await startTestApp({ env: { ...GROUP_BUY_ON, JOBS_INTERVAL_SECONDS: '0' } });
  if (DIALECT === 'postgres') other = await secondProcess(t);
  for (const app of [t.app, ...(other ? [other.app] : [])]) {
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    if (address === null || typeof address === 'string') throw new Error('not listening');
    bases.push(`http://127.0.0.1:${address.port}`);
  }
});
afterAll(async () => {
  await other?.close();
  await t.close();
});

const CONTENDERS = 100;

async function post(
  base: string,
  path: string,
  token: string,
  body: object,
): Promise<{ status: number; envelope: Envelope }> {
  const res = await fetch(`${base}/v4${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: token, language: 'en' },
    body: JSON.stringify(body),
  });
  return { status: res.status, envelope: (await res.json()) as Envelope };
}

async function contenders() {
  return Promise.all(Array.from({ length: CONTENDERS }, () => quickUser(t)));
}

describe(`${CONTENDERS} concurrent joins of a 3-person group over HTTP (two processes on PostgreSQL)`, () => {
  test('pay-all: exactly the 2 free seats are taken, 2 memberships granted, the rest told the group is full', async () => {
    const creator = await quickUser(t);
    const { group } = await paidGroup(t, creator.client, {
      size: 3,
      paymentType: GroupBuyPaymentType.PAY_ALL,
    });
    const users = await contenders();
    const answers = await Promise.all(
      users.map((u, i) =>
        post(bases[i % bases.length] ?? '', endpoints.paymentJointJoin.path, u.client.token ?? '', {
          groupId: group.groupId,
        }),
      ),
    );

    const ok = answers.filter((a) => a.envelope.code === 200);
    expect(ok).toHaveLength(2);
    expect(
      answers.filter((a) => a.envelope.status === 'GroupFull' && a.status === 409),
    ).toHaveLength(CONTENDERS - 2);
    expect(await seatRows(t, group.groupId)).toHaveLength(3);
    const members = await t.app.services.db
      .selectFrom('users')
      .select('id')
      .where(
        'id',
        'in',
        users.map((u) => u.userId),
      )
      .where('standard_expires_at', 'is not', null)
      .execute();
    expect(members).toHaveLength(2);
    const audited = await t.app.services.db
      .selectFrom('audit_log')
      .select('id')
      .where('action', '=', 'membership.credited')
      .where(
        'subject_id',
        'in',
        users.map((u) => String(u.userId)),
      )
      .execute();
    expect(audited).toHaveLength(2);
  });

  test('pay-self: exactly 2 share orders are created (nobody pays for a seat that does not exist), then the group fills', async () => {
    const creator = await quickUser(t);
    const { group } = await paidGroup(t, creator.client, {
      productId: '1',
      size: 3,
      paymentType: GroupBuyPaymentType.PAY_SELF,
    });
    const users = await contenders();
    const answers = await Promise.all(
      users.map((u, i) =>
        post(
          bases[i % bases.length] ?? '',
          endpoints.paymentJointJoinForPay.path,
          u.client.token ?? '',
          { groupId: group.groupId, paymentMethod: 'card', idempotencyKey: idempotencyKey() },
        ),
      ),
    );

    const ok = answers.filter((a) => a.envelope.code === 200);
    expect(ok).toHaveLength(2);
    expect(answers.filter((a) => a.envelope.status === 'GroupFull')).toHaveLength(CONTENDERS - 2);
    const orders = await groupOrderRows(t, group.groupId);
    expect(orders).toHaveLength(3);
    const charged = await t.app.services.db
      .selectFrom('orders')
      .select('id')
      .where(
        'user_id',
        'in',
        users.map((u) => u.userId),
      )
      .execute();
    expect(charged).toHaveLength(2);

    for (const answer of ok)
      await pay(t, (answer.envelope.data as { checkoutUrl: string }).checkoutUrl);
    const detail = await creator.client.ok('paymentJointDetail', { groupId: group.groupId });
    expect(detail).toMatchObject({ status: GroupBuyStatus.FINISHED, membersJoined: 3 });
    const members = await t.app.services.db
      .selectFrom('users')
      .select('id')
      .where('id', 'in', [creator.userId, ...users.map((u) => u.userId)])
      .where('standard_expires_at', 'is not', null)
      .execute();
    expect(members).toHaveLength(3);
  });
});
