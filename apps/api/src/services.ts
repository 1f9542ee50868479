import { PlanCatalogue } from './plans/index.ts';
import type { Config } from './config/env.ts';
import {
  groupCreatorOrders,
  groupShareOrders,
  GROUP_CREATOR_ORDER,
  GROUP_SHARE_ORDER,
} from './group-buy/index.ts';
import {
  createOrders,
  OrderHooks,
  orderPaidWebhook,
  orderRefundedWebhook,
  planOrders,
  receiptMailHook,
  refundMailHook,
  runPaymentJobs,
  type OrderServices,
} from './orders/index.ts';
import {
  countInvitee,
  kolClawbackHook,
  kolCommissionHook,
  paidInviteeHook,
  referralBonusHook,
  referralReversalHook,
  unpaidInviteeHook,
} from './inviters/index.ts';
import type { RegistrationServices } from './accounts/calls/index.ts';
import { createPlatformServices, type PlatformInput } from './platform/platform-services.ts';
import { pruneRevokedTokens } from './third-party/index.ts';
import { OperatorSessions } from './operators/index.ts';

/**
 * Everything a handler, a job or an operator command may use, built once per server: the
 * platform (configuration, database, keys, security), the plan catalogue and the order
 * machinery, and what registration tells the inviters. Each module names the part it needs
 * (PlatformServices, CatalogServices, OrderServices, RegistrationServices); this is the whole.
 */
export interface Services extends OrderServices, RegistrationServices {}

/**
 * What happens when an order is paid or refunded, in the order it happens. First the order's
 * kind delivers it (or takes it back): a purchase credits membership, a group order its seat
 * and, once the group is full, everyone's membership; a group that can no longer take the
 * payment refuses it and queues its refund. Then, for a payment the kind accepted, the inviter's
 * reward: referral bonus time for an ordinary inviter, commission for a KOL (each hook checks
 * which one applies), and the member's receipt e-mail. A refund takes each of them back in the
 * same order, then tells the member. Then the order.paid / order.refunded webhook events are
 * queued (src/webhooks), in the same transaction. Last, whatever the kind decided, the buyer's
 * count of paid orders and the inviter's count of paid invitees (inviters/paid-invitees.ts).
 */
export function orderHooks(config: Config): OrderHooks {
  return new OrderHooks({
    kinds: {
      plan: planOrders(config.payments.upgradeConversionPercent),
      [GROUP_CREATOR_ORDER]: groupCreatorOrders,
      [GROUP_SHARE_ORDER]: groupShareOrders,
    },
    afterPaid: [
      { name: 'referral-bonus', run: referralBonusHook(config.payments.referralBonusPercent) },
      { name: 'kol-commission', run: kolCommissionHook(config.kol) },
      { name: 'receipt-mail', run: receiptMailHook },
      { name: 'webhook-order-paid', run: orderPaidWebhook },
    ],
    afterAnyPayment: [{ name: 'paid-invitee-count', run: paidInviteeHook }],
    afterRefunded: [
      { name: 'referral-bonus-reversal', run: referralReversalHook },
      { name: 'kol-clawback', run: kolClawbackHook },
      { name: 'refund-mail', run: refundMailHook },
      { name: 'webhook-order-refunded', run: orderRefundedWebhook },
      { name: 'paid-invitee-count', run: unpaidInviteeHook },
    ],
  });
}

export function createServices(input: PlatformInput): Services {
  const platform = createPlatformServices(input);
  return {
    ...platform,
    plans: new PlanCatalogue(platform.db),
    orders: createOrders(input.config, input.secret, orderHooks(input.config)),
    registration: { invited: countInvitee },
  };
}

/**
 * Deletes rows that can no longer matter (expired nonces, counters, codes, sessions, revoked
 * subscription tokens), confirms crypto payments and closes orders past their time.
 */
export async function pruneExpired(services: OrderServices, now: number): Promise<void> {
  await services.nonces.prune(now);
  await services.counters.prune(now);
  await services.codes.prune(now);
  await services.sessions.prune(now);
  await new OperatorSessions(services.db).prune(now);
  await pruneRevokedTokens(services.db, now);
  await runPaymentJobs(services, now);
}
