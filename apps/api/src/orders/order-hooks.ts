import type { Actor } from '../audit/index.ts';
import type { Config } from '../config/env.ts';
import type { Settings } from '../settings/index.ts';
import type { Db } from '../db/database.ts';
import type { DialectName } from '../db/dialect.ts';
import { inviterOf } from '../accounts/index.ts';
import type { OrderParty, OrderRow } from './order-store.ts';

export type { OrderRow };

/** What an order hook gets: the transaction of the status change and the order as changed. */
export interface OrderEvent {
  trx: Db;
  dialect: DialectName;
  config: Config;
  /** The run-time settings; read them through `trx` (`settings.site(trx)`). */
  settings: Settings;
  order: OrderRow;
  now: number;
  actor: Actor;
}

export type OrderHook = (event: OrderEvent) => Promise<void>;

/**
 * What the fulfilment of a paid order decided: the payment is `accepted` (what was bought is
 * delivered, now or when a group fills), or `refused` (a group that ended or filled before the
 * money arrived: the fulfilment queued the payment for refund, so nothing else may reward it).
 */
export type PaymentDecision = 'accepted' | 'refused';

/**
 * How an order of one kind delivers what was bought, and takes it back on refund: plain
 * purchases ('plan', orders/plan-orders.ts) credit membership at once; group orders
 * (group-buy/hooks.ts) credit when the group is full.
 */
export interface OrderKind {
  paid(event: OrderEvent): Promise<PaymentDecision>;
  refunded: OrderHook;
  /** Users other than the buyer whose rows `paid` or `refunded` may write (a group's members). */
  party?: OrderParty;
  /** The public id of the group the order pays for (group orders), for the buyer's screens. */
  groupOf?: (db: Db, order: OrderRow) => Promise<string | undefined>;
}

export interface NamedHook {
  name: string;
  run: OrderHook;
}

/**
 * Everything that runs when an order changes status, in the order it runs (services.ts writes
 * it down): first the fulfilment of the order's kind, then each hook of the list, one after the
 * other. A paid order's hooks (referral bonus, KOL commission) run only for a payment its kind
 * accepted.
 */
export interface OrderHookPlan {
  kinds: Readonly<Record<string, OrderKind>>;
  /** After the kind accepted a payment, in this order. */
  afterPaid: readonly NamedHook[];
  /**
   * After every payment, whatever its kind decided, in this order: counts that follow the money
   * rather than the delivery (a refused payment is refunded later, through afterRefunded).
   */
  afterAnyPayment: readonly NamedHook[];
  /** After the kind took back what a refunded order delivered, in this order. */
  afterRefunded: readonly NamedHook[];
}

/**
 * Runs an order's hooks inside the transaction that changes its status, once per change (a
 * repeated webhook changes nothing, so it runs nothing): a hook that throws rolls the whole
 * change back.
 */
export class OrderHooks {
  constructor(private readonly plan: OrderHookPlan) {
    for (const list of [[...plan.afterPaid, ...plan.afterAnyPayment], plan.afterRefunded]) {
      const names = list.map((h) => h.name);
      const twice = names.find((name, i) => names.indexOf(name) !== i);
      if (twice !== undefined) throw new Error(`Order hook ${twice} is listed twice`);
    }
  }

  private kind(name: string): OrderKind {
    const kind = this.plan.kinds[name];
    if (!kind) throw new Error(`No fulfilment for order kind ${name}`);
    return kind;
  }

  /**
   * Every user beside the buyer whose row a payment or refund of the order may write, for
   * lockOrder to lock first: the buyer's inviter (referral bonus, KOL commission, paid-invitee
   * count) and whoever the order's kind names. An arrow, so it can be handed on alone.
   */
  readonly party: OrderParty = async (db, order) => {
    const buyer = await inviterOf(db, order.user_id);
    const others = (await this.kind(order.kind).party?.(db, order)) ?? [];
    return buyer?.inviter_id ? [buyer.inviter_id, ...others] : others;
  };

  /** The public id of the group an order pays for; null for an order of no group. */
  async groupOf(db: Db, order: OrderRow): Promise<string | null> {
    return (await this.kind(order.kind).groupOf?.(db, order)) ?? null;
  }

  /**
   * Delivers the order; when its kind accepts the payment, runs every order-paid hook in order;
   * then, whatever it decided, every hook that follows the money.
   */
  async paid(event: OrderEvent): Promise<PaymentDecision> {
    const decision = await this.kind(event.order.kind).paid(event);
    if (decision === 'accepted') for (const { run } of this.plan.afterPaid) await run(event);
    for (const { run } of this.plan.afterAnyPayment) await run(event);
    return decision;
  }

  /** Takes the order back, then runs every order-refunded hook in order. */
  async refunded(event: OrderEvent): Promise<void> {
    await this.kind(event.order.kind).refunded(event);
    for (const { run } of this.plan.afterRefunded) await run(event);
  }
}
