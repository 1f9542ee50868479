import { randomBytes } from 'node:crypto';
import type { RequestOf } from '@nimbus/api-sdk/contract';
import { expect } from 'vitest';
import { idempotencyKey, pressOnCheckout } from './payments.ts';
import { Client } from './client.ts';
import type { TestApp } from './test-app.ts';
import { addToKolTotals } from '../../src/inviters/kol-totals-store.ts';

/** Group buying on, in the past already: the switch and start time of the site configuration. */
export const GROUP_BUY_ON = { GROUP_BUY_ENABLED: 'true' } as const;

/**
 * A signed-in user made directly in the database (with a real session token), for tests that
 * need many users at once; the registration path itself is tested in accounts.test.ts.
 */
export async function quickUser(
  t: TestApp,
  extra: { inviterId?: number; email?: string; language?: 'en' | 'zh_CN' } = {},
): Promise<{ client: Client; userId: number }> {
  const { db } = t.app.services;
  const now = t.clock.now;
  const tag = randomBytes(6).toString('hex');
  const row = await db
    .insertInto('users')
    .values({
      username: `u_${tag}`,
      username_display: `u_${tag}`,
      email: extra.email ?? null,
      phone: null,
      password_hash: '!test',
      language: extra.language ?? 'en',
      invite_code: `T${tag.toUpperCase()}`,
      inviter_id: extra.inviterId ?? null,
      referral_date: extra.inviterId === undefined ? null : now,
      standard_expires_at: null,
      lite_expires_at: null,
      benefits_expires_at: null,
      created_at: now,
      updated_at: now,
      deleted_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  // As registration does: the inviter's running count of invitees.
  if (extra.inviterId !== undefined) await addToKolTotals(db, extra.inviterId, { invitees: 1 });
  const client = new Client(t.app);
  client.token = await t.app.services.sessions.create(row.id, null, now);
  return { client, userId: row.id };
}

export type CreateGroup = Partial<RequestOf<'paymentJointPurchase'>>;

export async function createGroup(client: Client, input: CreateGroup = {}) {
  return client.ok('paymentJointPurchase', {
    productId: '3',
    size: 3,
    paymentType: 0,
    paymentMethod: 'card',
    idempotencyKey: idempotencyKey(),
    ...input,
  });
}

/** Pays an order on the sandbox checkout page, as the buyer does. */
export async function pay(t: TestApp, checkoutUrl: string | null) {
  const pressed = await pressOnCheckout(t, checkoutUrl, 'pay');
  expect(pressed.statusCode).toBe(303);
}

/** A group whose creator has paid. */
export async function paidGroup(t: TestApp, creator: Client, input: CreateGroup = {}) {
  const created = await createGroup(creator, input);
  await pay(t, created.checkoutUrl);
  return created;
}

export async function joinForPay(client: Client, groupId: string) {
  return client.call('paymentJointJoinForPay', {
    groupId,
    paymentMethod: 'card',
    idempotencyKey: idempotencyKey(),
  });
}

export async function seatRows(t: TestApp, groupId: string) {
  return t.app.services.db
    .selectFrom('group_buy_members')
    .innerJoin('group_buys', 'group_buys.id', 'group_buy_members.group_id')
    .select([
      'group_buy_members.user_id',
      'group_buy_members.status',
      'group_buy_members.seat',
      'group_buy_members.role',
    ])
    .where('group_buys.public_id', '=', groupId)
    .orderBy('group_buy_members.user_id')
    .execute();
}

export async function groupOrderRows(t: TestApp, groupId: string) {
  return t.app.services.db
    .selectFrom('group_buy_orders')
    .innerJoin('group_buys', 'group_buys.id', 'group_buy_orders.group_id')
    .innerJoin('orders', 'orders.id', 'group_buy_orders.order_id')
    .select([
      'orders.public_id',
      'orders.status',
      'orders.amount_minor',
      'orders.user_id',
      'group_buy_orders.role',
    ])
    .where('group_buys.public_id', '=', groupId)
    .orderBy('orders.id')
    .execute();
}
