import { type Language, payoutNetworkName } from '@nimbus/domain';
import { formatDateTime, formatMoney } from '@nimbus/i18n/server';
import { productName } from '../plans/index.ts';
import type { Db } from '../db/database.ts';
import type { OrderHook } from './order-hooks.ts';
import type { OrderRow } from './order-store.ts';
import { notifyMember } from '../mail/index.ts';

/**
 * The notices members get about their orders, groups and the affiliate programme, each queued in
 * the transaction of the change it tells about (src/mail/README.md lists them).
 */

/** "Nov 26, 2026, 3:04 PM" in the member's language, UTC (the mails say so). */
const utcTime = (ms: number, language: Language) =>
  formatDateTime(ms, language, { timeZone: 'UTC' });

const orderVars = (order: OrderRow, language: Language) => ({
  orderId: order.public_id,
  product: productName(language, order.group_type, order.duration_days),
  amount: formatMoney(order.amount_minor, order.currency, language),
});

/** The receipt of a paid order whose payment was accepted (an order-paid hook). */
export const receiptMailHook: OrderHook = async ({ trx, order, now, config }) => {
  await notifyMember(trx, {
    userId: order.user_id,
    kind: 'order_paid',
    vars: (language) => ({
      ...orderVars(order, language),
      time: utcTime(order.paid_at ?? now, language),
      accountUrl: `${config.publicUrl}/user/profile`,
    }),
    now,
  });
};

/** The notice of a refund made (an order-refunded hook): the money went back to the payment. */
export const refundMailHook: OrderHook = async ({ trx, order, now }) => {
  await notifyMember(trx, {
    userId: order.user_id,
    kind: 'order_refunded',
    vars: (language) => ({ ...orderVars(order, language), time: utcTime(now, language) }),
    now,
  });
};

/** A group buy filled: each member's membership started. */
export async function notifyGroupFinished(
  trx: Db,
  input: {
    group: { group_type: number; duration_days: number; size: number };
    userIds: readonly number[];
    publicUrl: string;
    now: number;
  },
): Promise<void> {
  for (const userId of input.userIds) {
    await notifyMember(trx, {
      userId,
      kind: 'group_finished',
      vars: (language) => ({
        product: productName(language, input.group.group_type, input.group.duration_days),
        size: input.group.size,
        accountUrl: `${input.publicUrl}/user/group-buying`,
      }),
      now: input.now,
    });
  }
}

/** A group buy ended before it filled: the member's payment is being refunded. */
export async function notifyGroupExpired(
  trx: Db,
  input: {
    group: { group_type: number; duration_days: number };
    refund: { userId: number; amountMinor: number; currency: string; orderId: string };
    now: number;
  },
): Promise<void> {
  const { group, refund } = input;
  await notifyMember(trx, {
    userId: refund.userId,
    kind: 'group_expired',
    vars: (language) => ({
      product: productName(language, group.group_type, group.duration_days),
      amount: formatMoney(refund.amountMinor, refund.currency, language),
      orderId: refund.orderId,
    }),
    now: input.now,
  });
}

/** A payout was sent to the KOL's wallet. */
export async function notifyPayoutSent(
  trx: Db,
  input: {
    kolId: number;
    amountMinor: number;
    currency: string;
    wallet: { network: string; address: string } | null;
    txHash: string | null;
    now: number;
  },
): Promise<void> {
  await notifyMember(trx, {
    userId: input.kolId,
    kind: 'kol_payout_sent',
    vars: (language) => ({
      amount: formatMoney(input.amountMinor, input.currency, language),
      network: input.wallet ? payoutNetworkName(input.wallet.network) : '-',
      address: input.wallet?.address ?? '-',
      txHash: input.txHash ?? '-',
      time: utcTime(input.now, language),
    }),
    now: input.now,
  });
}

/** The member's application to the affiliate programme was approved, or declined (the reason). */
export async function notifyApplicationDecided(
  trx: Db,
  input: {
    userId: number;
    decision: { kind: 'approved'; ratePercent: number } | { kind: 'declined'; reason: string };
    publicUrl: string;
    now: number;
  },
): Promise<void> {
  const { decision } = input;
  await notifyMember(trx, {
    userId: input.userId,
    kind: decision.kind === 'approved' ? 'kol_application_approved' : 'kol_application_declined',
    vars: (): Record<string, string | number> =>
      decision.kind === 'approved'
        ? { ratePercent: decision.ratePercent, dashboardUrl: `${input.publicUrl}/user/kol` }
        : { reason: decision.reason, applyUrl: `${input.publicUrl}/user/kol` },
    now: input.now,
  });
}
