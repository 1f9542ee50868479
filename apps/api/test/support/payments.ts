import { randomBytes } from 'node:crypto';
import type { RequestOf } from '@nimbus/api-sdk/contract';
import { expect } from 'vitest';
import { SANDBOX_SIGNATURE_HEADER } from '../../src/orders/providers/sandbox/sandbox-provider.ts';
import { registerWithUsername } from './accounts.ts';
import { Client } from './client.ts';
import type { TestApp } from './test-app.ts';

export const idempotencyKey = () => randomBytes(12).toString('hex');

/** A registered, signed-in user and its client. */
export async function buyer(t: TestApp, extra: Parameters<typeof registerWithUsername>[1] = {}) {
  const client = new Client(t.app);
  const { userId } = await registerWithUsername(client, extra);
  return { client, userId: Number(userId) };
}

export async function userRow(t: TestApp, userId: number) {
  return t.app.services.db
    .selectFrom('users')
    .selectAll()
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
}

export async function buy(client: Client, input: Partial<RequestOf<'paymentPurchase'>> = {}) {
  return client.ok('paymentPurchase', {
    productId: '1',
    paymentMethod: 'card',
    idempotencyKey: idempotencyKey(),
    ...input,
  });
}

/** Path and query of a checkout URL (the test server is reached through inject). */
export const pathOf = (url: string | null) => {
  expect(url).toBeTruthy();
  const u = new URL(url ?? '');
  return `${u.pathname}${u.search}`;
};

/** Presses Pay (or Fail) on the sandbox checkout page, as its form does. */
export async function pressOnCheckout(
  t: TestApp,
  checkoutUrl: string | null,
  outcome: 'pay' | 'fail',
) {
  return t.app.inject({
    method: 'POST',
    url: pathOf(checkoutUrl),
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'en' },
    payload: `outcome=${outcome}`,
  });
}

/** A webhook exactly as the sandbox signs it (for replay and tampering tests). */
export function signedWebhook(
  t: TestApp,
  event: {
    type: 'paid' | 'failed' | 'refunded';
    orderId: string;
    amountMinor: number;
    currency: string;
  },
  id?: string,
) {
  const signed = t.app.services.orders.sandbox.signEvent(event, t.clock.now, id);
  return {
    method: 'POST' as const,
    url: '/v4/payment/webhook/sandbox',
    headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: signed.signature },
    payload: signed.body,
  };
}

export async function auditActions(
  t: TestApp,
  subjectType: string,
  subjectId: string | number,
): Promise<string[]> {
  const rows = await t.app.services.db
    .selectFrom('audit_log')
    .select('action')
    .where('subject_type', '=', subjectType)
    .where('subject_id', '=', String(subjectId))
    .orderBy('id')
    .execute();
  return rows.map((r) => r.action);
}
