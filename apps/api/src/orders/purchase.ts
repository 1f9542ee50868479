import { ErrorCode, type RequestOf, type ResponseOf } from '@nimbus/api-sdk/contract';
import { minutesToMs, OrderStatus, promoOrderExpiresAt, validatePromoCode } from '@nimbus/domain';
import { liteUpgradeFor } from '../membership/index.ts';
import { lockUser } from '../accounts/index.ts';
import { userActor, writeAudit } from '../audit/index.ts';
import type { PlanRow } from '../plans/index.ts';
import { isUniqueViolation } from '../db/database.ts';
import { Refusal, validationRefusal } from '../errors/refusal.ts';
import { callerOf, type CallContext } from '../http/handler.ts';
import type { OrderRow } from './order-hooks.ts';
import { markOrderClosed, markOrderPaid, newPublicOrderId } from './lifecycle.ts';
import { findOrder, insertOrder, lockOrder } from './order-store.ts';
import {
  checkoutOrigin,
  checkoutUrlOn,
  closeCheckouts,
  providerFor,
  withCheckout,
} from './checkout.ts';
import { checkPromo, reservePromoUse, unpaidOrdersWithPromo } from './promo-codes.ts';
import { refuseWhileCheckoutOpen } from './promo-checkout.ts';
import type { OrderServices } from './order-services.ts';

type Input = RequestOf<'paymentPurchase'>;
type Output = ResponseOf<'paymentPurchase'>;

const answerFor =
  (services: OrderServices, origin: string | undefined) =>
  (order: OrderRow): Output => ({
    orderId: order.public_id,
    status: order.status as Output['status'],
    amount: { amountMinor: order.amount_minor, currency: order.currency },
    checkoutUrl:
      order.status === OrderStatus.PENDING
        ? checkoutUrlOn(services, order.checkout_url, origin)
        : null,
  });

async function existingOrder(
  ctx: CallContext<OrderServices>,
  userId: number,
  input: Input,
): Promise<OrderRow | undefined> {
  const order = await findOrder(ctx.services.db, {
    userId,
    idempotencyKey: input.idempotencyKey,
  });
  // One key is one purchase attempt: reusing it for something else is a client bug.
  if (
    order &&
    (String(order.plan_id) !== input.productId || order.payment_method !== input.paymentMethod)
  )
    throw new Refusal(ErrorCode.VALIDATION_FAILED);
  return order;
}

// POST /api/payment/payment_purchase
/**
 * payment_purchase: an order for a plan with an optional promo code, priced by the server from
 * the plan (the request carries no price, and unknown fields are refused by the schema). The
 * idempotency key makes a double click or a retry the same order. A zero amount (100 % promo
 * code) is paid at once without a provider; anything else gets the provider's checkout URL
 * (crypto orders are paid on /crypto-pay with payment_crypto_details).
 */
export async function purchase(input: Input, ctx: CallContext<OrderServices>): Promise<Output> {
  const { services, now } = ctx;
  const { userId } = callerOf(ctx);
  const answer = answerFor(services, checkoutOrigin(ctx));
  const repeated = await existingOrder(ctx, userId, input);
  if (repeated) return answer(await withCheckout(services, repeated, ctx.language, now));

  const plan: PlanRow | undefined = await services.plans.find(input.productId, now);
  if (!plan) throw new Refusal(ErrorCode.PRODUCT_INVALID);
  const provider = await providerFor(services, input.paymentMethod, plan.currency);
  let promoCode: string | undefined;
  if (input.promoCode !== undefined) {
    const code = validatePromoCode(input.promoCode);
    if (!code.ok) throw validationRefusal(code.error);
    promoCode = code.value;
  }
  const holdMinutes = await services.settings.get('payments.promoHoldMinutes');
  const upgrade = input.upgrade === true;
  if (upgrade) await liteUpgradeFor(services, userId, plan, now);

  let order: OrderRow;
  const replaced: OrderRow[] = [];
  try {
    order = await services.db.transaction().execute(async (trx) => {
      // One purchase per user at a time: per-user promo limits are counted under this lock. The
      // buyer comes before their orders, as lockOrder takes them (docs/architecture.md).
      await lockUser(trx, services.dialect, userId);
      // One unpaid reservation per user and code: a new order with the code replaces (expires)
      // the user's earlier unpaid one, so one account cannot sit on several of its uses.
      if (promoCode !== undefined)
        for (const { id } of await unpaidOrdersWithPromo(trx, { code: promoCode, userId })) {
          const earlier = await lockOrder(trx, services.dialect, { id });
          // Its checkout may stay payable after it is closed here (EPay): not replaced then.
          if (earlier) refuseWhileCheckoutOpen(services, earlier, now);
          if (
            earlier?.status === OrderStatus.PENDING &&
            (await markOrderClosed(
              {
                trx,
                services,
                order: earlier,
                now,
                actor: userActor(userId),
                source: 'replaced',
              },
              OrderStatus.EXPIRED,
            ))
          )
            replaced.push(earlier);
        }
      const promo =
        promoCode === undefined
          ? undefined
          : await checkPromo(trx, services.dialect, {
              code: promoCode,
              userId,
              plan,
              now,
              lock: true,
            });
      const amount = promo ? promo.application.finalMinor : plan.price_minor;
      const free = amount === 0;
      const created = {
        id: await insertOrder(trx, {
          public_id: newPublicOrderId(now),
          user_id: userId,
          plan_id: plan.id,
          kind: 'plan',
          status: OrderStatus.PENDING,
          group_type: plan.group_type,
          duration_days: plan.duration_days,
          devices_allowed: plan.devices_allowed,
          original_minor: plan.price_minor,
          discount_minor: promo ? promo.application.discountMinor : 0,
          amount_minor: amount,
          currency: plan.currency,
          promo_code_id: promo?.promoId ?? null,
          payment_method: input.paymentMethod,
          provider: free ? 'free' : provider,
          provider_ref: null,
          checkout_url: null,
          idempotency_key: input.idempotencyKey,
          upgrade: upgrade ? 1 : 0,
          created_at: now,
          updated_at: now,
          // An order with a promo code expires with its reservation (domain promoOrderExpiresAt).
          expires_at: promo
            ? promoOrderExpiresAt(now, services.config.payments.orderExpiryMinutes, holdMinutes)
            : now + minutesToMs(services.config.payments.orderExpiryMinutes),
          paid_at: null,
          refunded_at: null,
        }),
      };
      if (promo) {
        await reservePromoUse(
          trx,
          { orderId: created.id, promoCodeId: promo.promoId, userId },
          now,
        );
      }
      // New in this transaction: no other one sees the row before the commit.
      const row = await findOrder(trx, { id: created.id });
      if (!row) throw new Error('order vanished inside its transaction');
      await writeAudit(trx, {
        actor: userActor(userId),
        action: 'order.created',
        subjectType: 'order',
        subjectId: row.public_id,
        data: {
          planId: plan.id,
          priceMinor: plan.price_minor,
          discountMinor: row.discount_minor,
          amountMinor: amount,
          currency: plan.currency,
          promoCode: promoCode ?? null,
          method: input.paymentMethod,
          upgrade,
        },
        at: now,
      });
      if (!free) return row;
      await markOrderPaid({
        trx,
        services,
        order: row,
        now,
        actor: userActor(userId),
        source: 'free',
      });
      return { ...row, status: OrderStatus.PAID, paid_at: now };
    });
  } catch (error) {
    // The same key raced in from a second click: the first one's order is the answer.
    if (isUniqueViolation(error)) {
      const first = await existingOrder(ctx, userId, input);
      if (first) return answer(await withCheckout(services, first, ctx.language, now));
    }
    throw error;
  }
  // The replaced orders' checkouts take no payment any more (a second use of the code).
  await closeCheckouts(services, replaced, ctx.request.log);
  return answer(await withCheckout(services, order, ctx.language, now));
}
