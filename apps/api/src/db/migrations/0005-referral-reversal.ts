import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * invitation_rewards.reversed_at: when the friend's purchase behind a reward was refunded and
 * the inviter's bonus time taken back (null while it stands). Set once, so a repeated refund
 * event takes nothing back twice; the invite page shows the reward as reversed.
 */
export function referralReversalMigration(): Migration {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>) {
      await db.schema.alterTable('invitation_rewards').addColumn('reversed_at', 'bigint').execute();
    },
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async down(db: Kysely<any>) {
      await db.schema.alterTable('invitation_rewards').dropColumn('reversed_at').execute();
    },
  };
}
