import type { MembershipNotice } from '@nimbus/domain';
import type { Db } from '../db/database.ts';

/** The membership_notices table: the membership notices already queued, once each. */

export type PlanColumn = 'standard_expires_at' | 'lite_expires_at';
export type PlanName = 'standard' | 'lite';

/**
 * Members whose `plan` time ends within [from, to] and who have not had `notice` for that end
 * yet: members with an e-mail address, not deleted or suspended, who paid for an order or
 * redeemed a code at least once (a free trial alone gets no reminders). Oldest end first.
 */
export async function membersDueNotice(
  db: Db,
  input: { plan: PlanName; notice: MembershipNotice; from: number; to: number; limit: number },
): Promise<{ userId: number; expiresAt: number }[]> {
  const column: PlanColumn = input.plan === 'standard' ? 'standard_expires_at' : 'lite_expires_at';
  const rows = await db
    .selectFrom('users as u')
    .select(['u.id as userId', `u.${column} as expiresAt`])
    .where(`u.${column}`, '>=', input.from)
    .where(`u.${column}`, '<=', input.to)
    .where('u.email', 'is not', null)
    .where('u.deleted_at', 'is', null)
    .where('u.suspended_at', 'is', null)
    .where((eb) =>
      eb.or([
        eb.exists(
          eb
            .selectFrom('orders as o')
            .select('o.id')
            .whereRef('o.user_id', '=', 'u.id')
            .where('o.status', '=', 'paid'),
        ),
        eb.exists(
          eb
            .selectFrom('redeem_redemptions as r')
            .select('r.user_id')
            .whereRef('r.user_id', '=', 'u.id'),
        ),
      ]),
    )
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('membership_notices as n')
            .select('n.user_id')
            .whereRef('n.user_id', '=', 'u.id')
            .where('n.plan', '=', input.plan)
            .where('n.notice', '=', input.notice)
            .whereRef('n.expires_at', '=', `u.${column}`),
        ),
      ),
    )
    .orderBy(`u.${column}`)
    .limit(input.limit)
    .execute();
  return rows.map((r) => ({ userId: r.userId, expiresAt: Number(r.expiresAt) }));
}

/**
 * Records that a notice goes out for this end: true for the one caller that recorded it (the
 * primary key turns away every other process and every later run).
 */
export async function claimMembershipNotice(
  trx: Db,
  row: { userId: number; plan: PlanName; notice: MembershipNotice; expiresAt: number; now: number },
): Promise<boolean> {
  const result = await trx
    .insertInto('membership_notices')
    .values({
      user_id: row.userId,
      plan: row.plan,
      notice: row.notice,
      expires_at: row.expiresAt,
      created_at: row.now,
    })
    .onConflict((oc) => oc.columns(['user_id', 'plan', 'notice', 'expires_at']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}
