import type { Selectable } from 'kysely';
import type { Actor } from '../audit/audit.ts';
import type { Db } from '../db/database.ts';
import type { DialectName } from '../db/dialect.ts';
import type { OrdersTable } from '../db/schema.ts';
import type { Config } from '../env.ts';

export type OrderRow = Selectable<OrdersTable>;

/** What an order hook gets: the transaction of the status change and the order as changed. */
export interface OrderEvent {
  trx: Db;
  dialect: DialectName;
  config: Config;
  order: OrderRow;
  now: number;
  actor: Actor;
}

export type OrderHook = (event: OrderEvent) => Promise<void>;

/**
 * How an order of one kind delivers what was bought, and takes it back on refund. Purchases
 * ('plan') credit membership; later parts register their own kinds (a group buy credits when
 * the group is full, not when one share is paid).
 */
export interface OrderFulfilment {
  paid: OrderHook;
  refunded: OrderHook;
}

/**
 * The "order paid" and "order refunded" hook lists. Every hook runs inside the transaction that
 * changes the order's status, once per change (a repeated webhook changes nothing, so it runs
 * nothing): a hook that throws rolls the whole change back. Referral bonus is registered now;
 * KOL commission and its clawback register the same way.
 */
export class OrderHooks {
  private readonly paidHooks: { name: string; hook: OrderHook }[] = [];
  private readonly refundedHooks: { name: string; hook: OrderHook }[] = [];
  private readonly kinds = new Map<string, OrderFulfilment>();

  onPaid(name: string, hook: OrderHook): void {
    if (this.paidHooks.some((h) => h.name === name))
      throw new Error(`Order-paid hook ${name} is registered twice`);
    this.paidHooks.push({ name, hook });
  }

  onRefunded(name: string, hook: OrderHook): void {
    if (this.refundedHooks.some((h) => h.name === name))
      throw new Error(`Order-refunded hook ${name} is registered twice`);
    this.refundedHooks.push({ name, hook });
  }

  registerKind(kind: string, fulfilment: OrderFulfilment): void {
    if (this.kinds.has(kind)) throw new Error(`Order kind ${kind} is registered twice`);
    this.kinds.set(kind, fulfilment);
  }

  private fulfilment(kind: string): OrderFulfilment {
    const f = this.kinds.get(kind);
    if (!f) throw new Error(`No fulfilment for order kind ${kind}`);
    return f;
  }

  /** Delivers the order, then runs every order-paid hook in registration order. */
  async paid(event: OrderEvent): Promise<void> {
    await this.fulfilment(event.order.kind).paid(event);
    for (const { hook } of this.paidHooks) await hook(event);
  }

  /** Takes the order back, then runs every order-refunded hook. */
  async refunded(event: OrderEvent): Promise<void> {
    await this.fulfilment(event.order.kind).refunded(event);
    for (const { hook } of this.refundedHooks) await hook(event);
  }
}
