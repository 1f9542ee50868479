import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * users.referral_date: the date an invited user shows under on the inviter's invite page (the
 * reward's date once their first paid purchase brought one, the registration date before), kept
 * by registration and the referral-bonus hook, with the index (inviter_id, referral_date, id):
 * the page is read from the index newest first instead of sorting every invitee (the biggest
 * inviter of the scale data set has ~24,000). Filled for invited users from what is there
 * (`REFERRAL_DATE_BACKFILL`, which the scale seeder runs too).
 */
export function referralDateMigration(): Migration {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>) {
      await db.schema.alterTable('users').addColumn('referral_date', 'bigint').execute();
      for (const statement of REFERRAL_DATE_BACKFILL) await sql.raw(statement).execute(db);
      await db.schema
        .createIndex('users_inviter_referral_idx')
        .on('users')
        .columns(['inviter_id', 'referral_date', 'id'])
        .execute();
    },
  };
}

/** Fills users.referral_date of invited users from their reward or registration (both dialects). */
export const REFERRAL_DATE_BACKFILL = [
  'update users set referral_date = created_at where inviter_id is not null',
  `update users set referral_date = r.created_at from invitation_rewards as r
   where r.invitee_id = users.id and r.inviter_id = users.inviter_id`,
];
