import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DialectName } from '../dialect.ts';

/**
 * Payments: the audit log, plans (seeded), orders, provider events, promo codes and their
 * reservations, redeem codes, crypto quotes and transactions, and the inviter's rewards.
 * Uniqueness that keeps money moves idempotent lives here, in the database:
 * - orders (user_id, idempotency_key): a double-submitted purchase is one order;
 * - payment_events (provider, event_id): a webhook delivered twice is processed once;
 * - crypto_transactions (chain_id, tx_hash): a transaction pays one order;
 * - promo_redemptions (order_id), redeem_redemptions (code_id, user_id), invitation_rewards
 * (order_id).
 */
export function paymentsMigration(dialect: DialectName): Migration {
  const id = (c: ColumnDefinitionBuilder) =>
    dialect === 'postgres'
      ? c.primaryKey().generatedByDefaultAsIdentity()
      : c.primaryKey().autoIncrement();

  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('audit_log')
        .addColumn('id', 'integer', id)
        .addColumn('actor', 'text', (c) => c.notNull())
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('subject_type', 'text', (c) => c.notNull())
        .addColumn('subject_id', 'text', (c) => c.notNull())
        .addColumn('data', 'text', (c) => c.notNull())
        .addColumn('at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('audit_log_subject_idx')
        .on('audit_log')
        .columns(['subject_type', 'subject_id'])
        .execute();
      await db.schema.createIndex('audit_log_at_idx').on('audit_log').column('at').execute();

      await db.schema
        .createTable('plans')
        // Product ids are stable numbers the apps link to (/crypto-pay/{productId}).
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('group_type', 'integer', (c) => c.notNull())
        .addColumn('duration_days', 'integer', (c) => c.notNull())
        .addColumn('price_minor', 'integer', (c) => c.notNull())
        .addColumn('original_price_minor', 'integer', (c) => c.notNull())
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('devices_allowed', 'integer', (c) => c.notNull())
        .addColumn('recommended', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('group_buy', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('sort_order', 'integer', (c) => c.notNull())
        .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
        .execute();

      await db.schema
        .createTable('orders')
        .addColumn('id', 'integer', id)
        // What users, support and providers see: unguessable, so a checkout URL cannot be guessed.
        .addColumn('public_id', 'text', (c) => c.notNull().unique())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('plan_id', 'integer', (c) => c.notNull().references('plans.id'))
        // 'plan' (a purchase); later parts add their own kinds (group buys).
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('group_type', 'integer', (c) => c.notNull())
        .addColumn('duration_days', 'integer', (c) => c.notNull())
        .addColumn('devices_allowed', 'integer', (c) => c.notNull())
        .addColumn('original_minor', 'integer', (c) => c.notNull())
        .addColumn('discount_minor', 'integer', (c) => c.notNull())
        .addColumn('amount_minor', 'integer', (c) => c.notNull())
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('promo_code_id', 'integer')
        .addColumn('payment_method', 'text', (c) => c.notNull())
        .addColumn('provider', 'text', (c) => c.notNull())
        .addColumn('provider_ref', 'text')
        .addColumn('checkout_url', 'text')
        .addColumn('idempotency_key', 'text', (c) => c.notNull())
        .addColumn('upgrade', 'integer', (c) => c.notNull().defaultTo(0))
        // Membership time this order credited (ms; Lite negative when converted by an upgrade), for
        // refunds.
        .addColumn('credited_standard_ms', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('credited_lite_ms', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('paid_at', 'bigint')
        .addColumn('refunded_at', 'bigint')
        .addUniqueConstraint('orders_user_idempotency_unique', ['user_id', 'idempotency_key'])
        .execute();
      await db.schema
        .createIndex('orders_user_created_idx')
        .on('orders')
        .columns(['user_id', 'created_at'])
        .execute();
      await db.schema
        .createIndex('orders_status_expires_idx')
        .on('orders')
        .columns(['status', 'expires_at'])
        .execute();

      await db.schema
        .createTable('payment_events')
        .addColumn('provider', 'text', (c) => c.notNull())
        .addColumn('event_id', 'text', (c) => c.notNull())
        .addColumn('order_id', 'integer', (c) => c.references('orders.id'))
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('outcome', 'text', (c) => c.notNull())
        .addColumn('received_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('payment_events_pk', ['provider', 'event_id'])
        .execute();

      await db.schema
        .createTable('promo_codes')
        .addColumn('id', 'integer', id)
        .addColumn('code', 'text', (c) => c.notNull().unique())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('value', 'integer', (c) => c.notNull())
        .addColumn('currency', 'text')
        .addColumn('starts_at', 'bigint')
        .addColumn('ends_at', 'bigint')
        .addColumn('max_uses', 'integer')
        .addColumn('max_uses_per_user', 'integer')
        // JSON array of plan ids, or null for every plan.
        .addColumn('plan_ids', 'text')
        .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();

      // A use of a promo code, held from order creation; released when the order fails or expires.
      await db.schema
        .createTable('promo_redemptions')
        .addColumn('order_id', 'integer', (c) => c.primaryKey().references('orders.id'))
        .addColumn('promo_code_id', 'integer', (c) => c.notNull().references('promo_codes.id'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('released_at', 'bigint')
        .execute();
      await db.schema
        .createIndex('promo_redemptions_code_user_idx')
        .on('promo_redemptions')
        .columns(['promo_code_id', 'user_id'])
        .execute();

      await db.schema
        .createTable('redeem_codes')
        .addColumn('id', 'integer', id)
        .addColumn('code', 'text', (c) => c.notNull().unique())
        .addColumn('group_type', 'integer', (c) => c.notNull())
        .addColumn('days', 'integer', (c) => c.notNull())
        .addColumn('devices_allowed', 'integer', (c) => c.notNull())
        .addColumn('max_uses', 'integer', (c) => c.notNull())
        .addColumn('uses', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('expires_at', 'bigint')
        .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('redeem_redemptions')
        .addColumn('code_id', 'integer', (c) => c.notNull().references('redeem_codes.id'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('granted_ms', 'bigint', (c) => c.notNull())
        .addColumn('at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('redeem_redemptions_pk', ['code_id', 'user_id'])
        .execute();

      // The transfer the server expects for an order (one quote per order, replaced on a new
      // choice).
      await db.schema
        .createTable('crypto_quotes')
        .addColumn('order_id', 'integer', (c) => c.primaryKey().references('orders.id'))
        .addColumn('chain_id', 'integer', (c) => c.notNull())
        .addColumn('token_symbol', 'text', (c) => c.notNull())
        .addColumn('token_address', 'text')
        .addColumn('recipient', 'text', (c) => c.notNull())
        .addColumn('amount_base', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('crypto_transactions')
        .addColumn('chain_id', 'integer', (c) => c.notNull())
        .addColumn('tx_hash', 'text', (c) => c.notNull())
        .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id'))
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('from_address', 'text')
        .addColumn('submitted_at', 'bigint', (c) => c.notNull())
        .addColumn('confirmed_at', 'bigint')
        .addPrimaryKeyConstraint('crypto_transactions_pk', ['chain_id', 'tx_hash'])
        .execute();
      await db.schema
        .createIndex('crypto_transactions_order_idx')
        .on('crypto_transactions')
        .column('order_id')
        .execute();

      // The inviter's reward for a friend's first paid purchase (the invitation records list).
      await db.schema
        .createTable('invitation_rewards')
        .addColumn('id', 'integer', id)
        .addColumn('inviter_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('invitee_id', 'integer', (c) => c.notNull().unique().references('users.id'))
        .addColumn('order_id', 'integer', (c) => c.notNull().unique().references('orders.id'))
        .addColumn('plan_id', 'integer', (c) => c.notNull().references('plans.id'))
        .addColumn('bonus_seconds', 'integer', (c) => c.notNull())
        .addColumn('bonus_group_type', 'integer')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('invitation_rewards_inviter_idx')
        .on('invitation_rewards')
        .columns(['inviter_id', 'created_at'])
        .execute();

      await seedPlans(db);
    },
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async down(db: Kysely<any>) {
      for (const table of [
        'invitation_rewards',
        'crypto_transactions',
        'crypto_quotes',
        'redeem_redemptions',
        'redeem_codes',
        'promo_redemptions',
        'promo_codes',
        'payment_events',
        'orders',
        'plans',
        'audit_log',
      ]) {
        await db.schema.dropTable(table).execute();
      }
    },
  };
}

/**
 * The launch catalogue (USD cents). Standard: 5 devices, every line; Lite: 2 devices. Operators
 * change prices in the table; the migration only seeds it once.
 */
export const SEED_PLANS = [
  {
    id: 1,
    group_type: 1,
    duration_days: 30,
    price_minor: 1299,
    original_price_minor: 1299,
    devices_allowed: 5,
    recommended: 0,
    group_buy: 1,
    sort_order: 1,
  },
  {
    id: 2,
    group_type: 1,
    duration_days: 90,
    price_minor: 3299,
    original_price_minor: 3897,
    devices_allowed: 5,
    recommended: 0,
    group_buy: 1,
    sort_order: 2,
  },
  {
    id: 3,
    group_type: 1,
    duration_days: 365,
    price_minor: 9999,
    original_price_minor: 15588,
    devices_allowed: 5,
    recommended: 1,
    group_buy: 1,
    sort_order: 3,
  },
  {
    id: 4,
    group_type: 1,
    duration_days: 730,
    price_minor: 17999,
    original_price_minor: 31176,
    devices_allowed: 5,
    recommended: 0,
    group_buy: 0,
    sort_order: 4,
  },
  {
    id: 5,
    group_type: 2,
    duration_days: 30,
    price_minor: 699,
    original_price_minor: 699,
    devices_allowed: 2,
    recommended: 0,
    group_buy: 0,
    sort_order: 5,
  },
  {
    id: 6,
    group_type: 2,
    duration_days: 90,
    price_minor: 1799,
    original_price_minor: 2097,
    devices_allowed: 2,
    recommended: 0,
    group_buy: 0,
    sort_order: 6,
  },
  {
    id: 7,
    group_type: 2,
    duration_days: 365,
    price_minor: 5999,
    original_price_minor: 8388,
    devices_allowed: 2,
    recommended: 0,
    group_buy: 0,
    sort_order: 7,
  },
] as const;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function seedPlans(db: Kysely<any>): Promise<void> {
  await db
    .insertInto('plans')
    .values(SEED_PLANS.map((p) => ({ ...p, currency: 'USD', active: 1 })))
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}
