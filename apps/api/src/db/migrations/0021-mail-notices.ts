import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Members' notice e-mails (src/mail/README.md):
 * - mail_queue.user_id: the member a notice is for (null for mail to an address only), so the
 *   sender can honour an unsubscribe made after the notice was queued and sign its link;
 * - mail_opt_outs: the categories of notices a member turned off (domain MailCategory);
 * - membership_notices: the membership notices already queued, one per member, plan, notice and
 *   end instant; the primary key makes each one once whatever processes run the jobs.
 */
export function mailNoticesMigration(): Migration {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>) {
      await db.schema
        .alterTable('mail_queue')
        .addColumn('user_id', 'integer', (c) => c.references('users.id'))
        .execute();
      await db.schema
        .createTable('mail_opt_outs')
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('category', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('mail_opt_outs_pk', ['user_id', 'category'])
        .execute();
      await db.schema
        .createTable('membership_notices')
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
        // 'standard' | 'lite'.
        .addColumn('plan', 'text', (c) => c.notNull())
        // 'membership_ending' | 'membership_ended'.
        .addColumn('notice', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('membership_notices_pk', [
          'user_id',
          'plan',
          'notice',
          'expires_at',
        ])
        .execute();
      // The jobs look for members whose time ends in a window, per plan.
      await db.schema
        .createIndex('users_standard_expires_idx')
        .on('users')
        .column('standard_expires_at')
        .execute();
      await db.schema
        .createIndex('users_lite_expires_idx')
        .on('users')
        .column('lite_expires_at')
        .execute();
    },
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async down(db: Kysely<any>) {
      await db.schema.dropIndex('users_lite_expires_idx').execute();
      await db.schema.dropIndex('users_standard_expires_idx').execute();
      await db.schema.dropTable('membership_notices').execute();
      await db.schema.dropTable('mail_opt_outs').execute();
      await db.schema.alterTable('mail_queue').dropColumn('user_id').execute();
    },
  };
}
