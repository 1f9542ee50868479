import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * orders.payment_ref: the provider's id of the payment itself (a Stripe PaymentIntent, an EPay
 * trade number), recorded when the order is paid. A provider's later events about the money (a
 * refund, a dispute) name the payment, not the checkout, so they find their order by it; and an
 * operator's refund tells the provider which payment to return. Unique per provider.
 */
export function paymentRefMigration(): Migration {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>) {
      await db.schema.alterTable('orders').addColumn('payment_ref', 'varchar(255)').execute();
      await db.schema
        .createIndex('orders_provider_payment_ref_idx')
        .on('orders')
        .columns(['provider', 'payment_ref'])
        .unique()
        .execute();
    },
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async down(db: Kysely<any>) {
      await db.schema.dropIndex('orders_provider_payment_ref_idx').execute();
      await db.schema.alterTable('orders').dropColumn('payment_ref').execute();
    },
  };
}
