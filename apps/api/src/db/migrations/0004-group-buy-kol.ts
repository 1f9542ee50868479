import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DialectName } from '../dialect.ts';

/**
 * Group buys, their seats, orders and refund queue; KOL accounts, commissions, clawback
 * adjustments and payouts. What keeps them correct under races lives in the database:
 * - group_buy_members (group_id, seat) unique: a seat is held by one member, so a group never
 *   takes more members than it has seats, whatever races;
 * - group_buy_members (group_id, user_id) primary key: one membership per person and group;
 * - group_buy_refunds (order_id) primary key: a payment is queued for refund once;
 * - kol_commissions (order_id) and kol_adjustments (order_id) unique: one commission and one
 *   clawback per order, however often a webhook or a refund repeats.
 */
export function groupBuyKolMigration(dialect: DialectName): Migration {
  const id = (c: ColumnDefinitionBuilder) =>
    dialect === 'postgres'
      ? c.primaryKey().generatedByDefaultAsIdentity()
      : c.primaryKey().autoIncrement();

  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('group_buys')
        .addColumn('id', 'integer', id)
        // What invite links carry: random and unguessable, so groups cannot be enumerated.
        .addColumn('public_id', 'text', (c) => c.notNull().unique())
        .addColumn('creator_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('plan_id', 'integer', (c) => c.notNull().references('plans.id'))
        // The plan as it was sold (a later price change does not move a running group).
        .addColumn('group_type', 'integer', (c) => c.notNull())
        .addColumn('duration_days', 'integer', (c) => c.notNull())
        .addColumn('devices_allowed', 'integer', (c) => c.notNull())
        .addColumn('size', 'integer', (c) => c.notNull())
        .addColumn('payment_type', 'integer', (c) => c.notNull())
        .addColumn('plan_price_minor', 'integer', (c) => c.notNull())
        .addColumn('unit_price_minor', 'integer', (c) => c.notNull())
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('finished_at', 'bigint')
        .addColumn('closed_at', 'bigint')
        // Touched by every change; the touch is also how a transaction takes the group's lock.
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('group_buys_creator_idx')
        .on('group_buys')
        .columns(['creator_id', 'created_at'])
        .execute();
      await db.schema
        .createIndex('group_buys_due_idx')
        .on('group_buys')
        .columns(['status', 'expires_at'])
        .execute();

      await db.schema
        .createTable('group_buy_members')
        .addColumn('group_id', 'integer', (c) => c.notNull().references('group_buys.id'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('role', 'text', (c) => c.notNull())
        // 'pending' (seat held until paid), 'joined', 'released' (hold lapsed or payment refused),
        // 'refunded'.
        .addColumn('status', 'text', (c) => c.notNull())
        // 1..size while the seat is held; null once released.
        .addColumn('seat', 'integer')
        .addColumn('order_id', 'integer', (c) => c.references('orders.id'))
        // A friend's unpaid seat is held until then; null for the creator (never lapses).
        .addColumn('hold_until', 'bigint')
        .addColumn('joined_at', 'bigint', (c) => c.notNull())
        .addColumn('paid_at', 'bigint')
        // Membership a pay-all friend received (no order of their own records it), for reversal.
        .addColumn('credited_standard_ms', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('credited_lite_ms', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('group_buy_members_pk', ['group_id', 'user_id'])
        .addUniqueConstraint('group_buy_members_seat_unique', ['group_id', 'seat'])
        .execute();
      await db.schema
        .createIndex('group_buy_members_user_idx')
        .on('group_buy_members')
        .columns(['user_id', 'joined_at'])
        .execute();

      await db.schema
        .createTable('group_buy_orders')
        .addColumn('order_id', 'integer', (c) => c.primaryKey().references('orders.id'))
        .addColumn('group_id', 'integer', (c) => c.notNull().references('group_buys.id'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('role', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('group_buy_orders_group_idx')
        .on('group_buy_orders')
        .column('group_id')
        .execute();
      await db.schema
        .createIndex('group_buy_orders_user_idx')
        .on('group_buy_orders')
        .columns(['user_id', 'order_id'])
        .execute();

      // Payments to return through their provider: shares of expired groups, payments a group
      // refused.
      await db.schema
        .createTable('group_buy_refunds')
        .addColumn('order_id', 'integer', (c) => c.primaryKey().references('orders.id'))
        .addColumn('group_id', 'integer', (c) => c.notNull().references('group_buys.id'))
        .addColumn('reason', 'text', (c) => c.notNull())
        // 'due', 'processing' (claimed by one process), 'done'.
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('claimed_at', 'bigint')
        .addColumn('done_at', 'bigint')
        .addColumn('last_error', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('group_buy_refunds_status_idx')
        .on('group_buy_refunds')
        .columns(['status', 'created_at'])
        .execute();

      await db.schema
        .createTable('kol_accounts')
        .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id'))
        // The first-purchase rate operations set (25-100 %); users.is_kol says whether it is in
        // force.
        .addColumn('rate_percent', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('kol_payouts')
        .addColumn('id', 'integer', id)
        .addColumn('public_id', 'text', (c) => c.notNull().unique())
        .addColumn('kol_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('amount_minor', 'integer', (c) => c.notNull())
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('period_start', 'bigint', (c) => c.notNull())
        .addColumn('period_end', 'bigint', (c) => c.notNull())
        .addColumn('tx_hash', 'text', (c) => c.unique())
        .addColumn('paid_at', 'bigint', (c) => c.notNull())
        .addColumn('actor', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('kol_payouts_kol_idx')
        .on('kol_payouts')
        .columns(['kol_id', 'paid_at'])
        .execute();

      await db.schema
        .createTable('kol_commissions')
        .addColumn('id', 'integer', id)
        .addColumn('kol_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('referred_user_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('order_id', 'integer', (c) => c.notNull().unique().references('orders.id'))
        .addColumn('order_public_id', 'text', (c) => c.notNull())
        .addColumn('group_type', 'integer', (c) => c.notNull())
        .addColumn('duration_days', 'integer', (c) => c.notNull())
        .addColumn('purchase_type', 'integer', (c) => c.notNull())
        .addColumn('rate_percent', 'integer', (c) => c.notNull())
        .addColumn('paid_minor', 'integer', (c) => c.notNull())
        .addColumn('amount_minor', 'integer', (c) => c.notNull())
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('earned_at', 'bigint', (c) => c.notNull())
        .addColumn('payable_at', 'bigint', (c) => c.notNull())
        // 'pending' (payable from payable_at on), 'settled', 'clawed_back'.
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('settled_at', 'bigint')
        .addColumn('payout_id', 'integer', (c) => c.references('kol_payouts.id'))
        .addColumn('clawed_back_at', 'bigint')
        .execute();
      await db.schema
        .createIndex('kol_commissions_kol_idx')
        .on('kol_commissions')
        .columns(['kol_id', 'earned_at'])
        .execute();

      await db.schema
        .createTable('kol_adjustments')
        .addColumn('id', 'integer', id)
        .addColumn('kol_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('commission_id', 'integer', (c) => c.notNull().references('kol_commissions.id'))
        .addColumn('order_id', 'integer', (c) => c.notNull().unique().references('orders.id'))
        .addColumn('amount_minor', 'integer', (c) => c.notNull())
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('settled_at', 'bigint')
        .addColumn('payout_id', 'integer', (c) => c.references('kol_payouts.id'))
        .execute();
      await db.schema
        .createIndex('kol_adjustments_kol_idx')
        .on('kol_adjustments')
        .columns(['kol_id', 'created_at'])
        .execute();
    },
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async down(db: Kysely<any>) {
      for (const table of [
        'kol_adjustments',
        'kol_commissions',
        'kol_payouts',
        'kol_accounts',
        'group_buy_refunds',
        'group_buy_orders',
        'group_buy_members',
        'group_buys',
      ]) {
        await db.schema.dropTable(table).execute();
      }
    },
  };
}
