import type { Insertable } from 'kysely';
import type { Db } from '../db/database.ts';
import type { InvitationRewardsTable } from '../db/schema.ts';
import { inviteePage, userColumns } from '../accounts/index.ts';
import { orderColumns } from '../orders/index.ts';

/**
 * The `invitation_rewards` table: an invited friend's first paid purchase and the bonus time the
 * inviter received for it (0 for none), marked reversed when that purchase is refunded. Written by
 * the referral-bonus hooks (referral-bonus.ts, under the inviter's user lock); the invitation
 * records read it.
 */

/** Whether a friend's purchase has been rewarded already (one reward per invitee). */
export async function inviteeRewarded(db: Db, inviteeId: number): Promise<boolean> {
  const reward = await db
    .selectFrom('invitation_rewards')
    .select('id')
    .where('invitee_id', '=', inviteeId)
    .executeTakeFirst();
  return reward !== undefined;
}

/** Records a friend's purchase with the bonus granted for it. */
export async function insertInvitationReward(
  db: Db,
  reward: Insertable<InvitationRewardsTable>,
): Promise<void> {
  await db.insertInto('invitation_rewards').values(reward).execute();
}

/** The inviter rewarded for an order; undefined when the order earned no reward. */
export async function rewardedInviterOfOrder(db: Db, orderId: number): Promise<number | undefined> {
  const row = await db
    .selectFrom('invitation_rewards')
    .select('inviter_id')
    .where('order_id', '=', orderId)
    .executeTakeFirst();
  return row?.inviter_id;
}

/**
 * Marks the reward of an order reversed, unless it is already: whether it was marked now (a
 * repeated refund takes nothing back twice).
 */
export async function markRewardReversed(db: Db, orderId: number, now: number): Promise<boolean> {
  const marked = await db
    .updateTable('invitation_rewards')
    .set({ reversed_at: now })
    .where('order_id', '=', orderId)
    .where('reversed_at', 'is', null)
    .executeTakeFirst();
  return Number(marked.numUpdatedRows) > 0;
}

/** The bonus time an order's reward gave, and the plan type it went to (the reward exists). */
export const rewardBonusOfOrder = (db: Db, orderId: number) =>
  db
    .selectFrom('invitation_rewards')
    .select(['bonus_seconds', 'bonus_group_type'])
    .where('order_id', '=', orderId)
    .executeTakeFirstOrThrow();

/** The bonus time an inviter has kept (rewards not reversed), in seconds. */
export async function keptBonusSeconds(db: Db, inviterId: number): Promise<number> {
  const row = await db
    .selectFrom('invitation_rewards')
    .select((eb) => eb.fn.sum<number>('bonus_seconds').as('s'))
    .where('inviter_id', '=', inviterId)
    .where('reversed_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.s ?? 0);
}

/**
 * A page of the friends an inviter invited, newest first, each with their reward (none before
 * their first paid purchase) and that purchase's product: the page is read from the index
 * (inviter_id, referral_date, id) alone (the accounts' `inviteePage`); only its friends are then
 * read with their reward and its order.
 */
export const invitationRecordPage = (
  db: Db,
  inviterId: number,
  page: { offset: number; limit: number },
) =>
  inviteePage(db, inviterId, page)
    .innerJoin(
      userColumns(db, ['id', 'email', 'phone', 'username_display', 'created_at', 'inviter_id']).as(
        'u',
      ),
      'u.id',
      'p.id',
    )
    .leftJoin('invitation_rewards as r', (join) =>
      join.onRef('r.invitee_id', '=', 'u.id').onRef('r.inviter_id', '=', 'u.inviter_id'),
    )
    .leftJoin(orderColumns(db, ['id', 'group_type', 'duration_days']).as('o'), 'o.id', 'r.order_id')
    .select((eb) => [
      'u.id',
      'u.email',
      'u.phone',
      'u.username_display',
      'r.bonus_seconds',
      'r.reversed_at',
      'o.group_type',
      'o.duration_days',
      eb.fn.coalesce('r.created_at', 'u.created_at').as('date'),
    ])
    .execute();
