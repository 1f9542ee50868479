import {
  checkSelfReferral,
  clawBackCommission,
  commissionTotalsChange,
  CommissionPurchaseType,
  createCommission,
  recordCommission,
  EMPTY_COMMISSION_LEDGER,
} from '@nimbus/domain';
import { inviterOf, lockUser } from '../accounts/index.ts';
import { activeKolRate } from './kol-store.ts';
import { writeAudit } from '../audit/index.ts';
import { hasEarlierPaidOrder, type OrderHook } from '../orders/index.ts';
import { referralParty } from './referral-party.ts';
import type { KolConfig } from '../config/kol-config.ts';
import { numberLine, toDomainCommission } from './ledger.ts';
import {
  commissionKolOfOrder,
  findCommissionOfOrder,
  insertAdjustment,
  insertCommission,
  markCommissionClawedBack,
} from './ledger-store.ts';
import { addToKolTotals } from './kol-totals-store.ts';
import { queueWebhookEvent } from '../webhooks/index.ts';

/**
 * The KOL's commission on a paid order of a user they referred (order-paid hook, inside the
 * transaction that marks the order paid): the domain's rule on the amount actually paid, the
 * KOL's rate on the referred user's first paid purchase and the renewal rate after, held for
 * the holding period. Nothing for an order that cost nothing, for an inviter who is not a KOL
 * now, or for a self-referral (same account, device or wallet: audited). A payment a group
 * refused (it is being refunded) never reaches this hook (orders/order-hooks.ts). One commission
 * per order: the order id is unique.
 */
export function kolCommissionHook(config: KolConfig): OrderHook {
  return async ({ trx, dialect, order, now, actor }) => {
    if (order.amount_minor <= 0) return;
    const buyer = await inviterOf(trx, order.user_id);
    if (!buyer?.inviter_id) return;
    const ratePercent = await activeKolRate(trx, buyer.inviter_id);
    if (ratePercent === undefined) return;
    const kol = { id: buyer.inviter_id, rate_percent: ratePercent };

    const [kolParty, buyerParty] = await Promise.all([
      referralParty(trx, kol.id),
      referralParty(trx, order.user_id),
    ]);
    const self = checkSelfReferral(kolParty, buyerParty);
    if (!self.ok) {
      await writeAudit(trx, {
        actor,
        action: 'kol.commission_refused',
        subjectType: 'user',
        subjectId: kol.id,
        data: {
          orderId: order.public_id,
          referredUserId: order.user_id,
          reason: `self_referral:${self.error}`,
        },
        at: now,
      });
      return;
    }
    const earlier = await hasEarlierPaidOrder(trx, { userId: order.user_id, orderId: order.id });
    const created = createCommission({
      orderId: order.public_id,
      purchaseType: earlier
        ? CommissionPurchaseType.RENEWAL
        : CommissionPurchaseType.FIRST_PURCHASE,
      firstPurchaseRatePercent: kol.rate_percent,
      paidMinor: order.amount_minor,
      currency: order.currency,
      paidAt: now,
      holdingDays: config.holdingDays,
    });
    if (!created.ok) {
      await writeAudit(trx, {
        actor,
        action: 'kol.commission_refused',
        subjectType: 'user',
        subjectId: kol.id,
        data: { orderId: order.public_id, referredUserId: order.user_id, reason: created.error },
        at: now,
      });
      return;
    }
    // The KOL's ledger changes one writer at a time (commissions, clawbacks, payouts).
    await lockUser(trx, dialect, kol.id);
    const existing = await findCommissionOfOrder(trx, order.id);
    const ledger = existing
      ? { ...EMPTY_COMMISSION_LEDGER, commissions: [toDomainCommission(existing, new Map())] }
      : EMPTY_COMMISSION_LEDGER;
    if (!recordCommission(ledger, created.value).recorded) return;
    const c = created.value;
    const inserted = await insertCommission(trx, {
      kol_id: kol.id,
      referred_user_id: order.user_id,
      order_id: order.id,
      order_public_id: order.public_id,
      group_type: order.group_type,
      duration_days: order.duration_days,
      purchase_type: c.purchaseType,
      rate_percent: c.ratePercent,
      paid_minor: c.paidMinor,
      amount_minor: c.amountMinor,
      currency: c.currency,
      earned_at: c.earnedAt,
      payable_at: c.payableAt,
      state: c.state,
      settled_at: null,
      payout_id: null,
      clawed_back_at: null,
      line_no: 0,
    });
    if (inserted === undefined) return;
    await numberLine(trx, kol.id, { id: inserted, at: c.earnedAt, adjustment: false });
    await addToKolTotals(
      trx,
      kol.id,
      commissionTotalsChange(ledger, recordCommission(ledger, c).ledger),
    );
    await writeAudit(trx, {
      actor,
      action: 'kol.commission_recorded',
      subjectType: 'user',
      subjectId: kol.id,
      data: {
        orderId: order.public_id,
        referredUserId: order.user_id,
        purchaseType: c.purchaseType,
        ratePercent: c.ratePercent,
        paidMinor: c.paidMinor,
        amountMinor: c.amountMinor,
        currency: c.currency,
        payableAt: c.payableAt,
      },
      at: now,
    });
    await queueWebhookEvent(trx, {
      type: 'kol.commission.created',
      data: {
        kolId: String(kol.id),
        orderId: order.public_id,
        referredUserId: String(order.user_id),
        purchaseType: c.purchaseType,
        ratePercent: c.ratePercent,
        paidMinor: c.paidMinor,
        amountMinor: c.amountMinor,
        currency: c.currency,
        payableAt: c.payableAt,
      },
      now,
    });
  };
}

/**
 * The order was refunded (order-refunded hook): its commission is clawed back by the domain
 * rule. Not yet settled, it stops counting; settled, a negative adjustment of exactly its
 * amount is deducted from the next payout. A repeated refund changes nothing.
 */
export const kolClawbackHook: OrderHook = async ({ trx, dialect, order, now, actor }) => {
  const kolId = await commissionKolOfOrder(trx, order.id);
  if (kolId === undefined) return;
  await lockUser(trx, dialect, kolId);
  const row = await findCommissionOfOrder(trx, order.id);
  if (!row) throw new Error(`the commission of order ${order.id} is gone`);
  const before = { ...EMPTY_COMMISSION_LEDGER, commissions: [toDomainCommission(row, new Map())] };
  const clawed = clawBackCommission(before, order.public_id, now);
  if (!clawed.ok || !clawed.value.changed) return;
  await addToKolTotals(trx, row.kol_id, commissionTotalsChange(before, clawed.value.ledger));
  await markCommissionClawedBack(trx, row.id, now);
  const adjustment = clawed.value.adjustment;
  if (adjustment) {
    const inserted = await insertAdjustment(trx, {
      kol_id: row.kol_id,
      commission_id: row.id,
      order_id: order.id,
      amount_minor: adjustment.amountMinor,
      currency: row.currency,
      created_at: adjustment.createdAt,
      settled_at: null,
      payout_id: null,
      line_no: 0,
    });
    if (inserted !== undefined)
      await numberLine(trx, row.kol_id, {
        id: inserted,
        at: adjustment.createdAt,
        adjustment: true,
      });
  }
  await writeAudit(trx, {
    actor,
    action: 'kol.commission_clawed_back',
    subjectType: 'user',
    subjectId: row.kol_id,
    data: {
      orderId: order.public_id,
      amountMinor: row.amount_minor,
      removedMinor: clawed.value.removedMinor,
      adjustmentMinor: adjustment?.amountMinor ?? 0,
      wasSettled: row.settled_at !== null,
    },
    at: now,
  });
};
