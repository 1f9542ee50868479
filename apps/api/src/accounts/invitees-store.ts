import type { Db } from '../db/database.ts';
import { deferredPage } from '../db/deferred-page.ts';

/**
 * Who invited whom, as the account row keeps it (`users.inviter_id`, set at registration, and
 * `users.referral_date`): the inviter of a user, the users an inviter brought and their pages,
 * for the invite page and the KOL dashboard (inviters/).
 */

/** Who invited a user (null when nobody did). */
export async function inviterOf(db: Db, userId: number) {
  return db
    .selectFrom('users')
    .select(['id', 'inviter_id'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

/** How many users a user invited. */
export async function inviteeCount(
  db: Db,
  inviterId: number,
  registered: { from: number; to: number } = { from: 0, to: Number.MAX_SAFE_INTEGER },
): Promise<{ n: number }> {
  return db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('inviter_id', '=', inviterId)
    .where('created_at', '>=', registered.from)
    .where('created_at', '<', registered.to)
    .executeTakeFirstOrThrow();
}

/** The invite page dates an invited user from the reward their first paid purchase brought. */
export async function setReferralDate(db: Db, userId: number, at: number): Promise<void> {
  await db.updateTable('users').set({ referral_date: at }).where('id', '=', userId).execute();
}

/**
 * A page of the users a user invited who registered in the range, newest first, with their count
 * of paid orders: the page's ids from the index (inviter_id, created_at, id) alone, then only its
 * rows (a deferred join; a deep page skips index entries, not rows).
 */
export async function inviteesRegistered(
  db: Db,
  inviterId: number,
  registered: { from: number; to: number },
  page: { limit: number; offset: number },
) {
  const pageIds = db
    .selectFrom('users')
    .select(['id', 'created_at'])
    .where('inviter_id', '=', inviterId)
    .where('created_at', '>=', registered.from)
    .where('created_at', '<', registered.to)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(page.limit)
    .offset(page.offset);
  return db
    .selectFrom(pageIds.as('p'))
    .innerJoin('users as u', 'u.id', 'p.id')
    .select(['p.id', 'p.created_at', 'u.paid_orders'])
    .orderBy('p.created_at', 'desc')
    .orderBy('p.id', 'desc')
    .execute();
}

/** The latest users a user invited, newest first. */
export async function recentInvitees(db: Db, inviterId: number, limit: number) {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'phone', 'username_display', 'created_at'])
    .where('inviter_id', '=', inviterId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/**
 * One page of the users a user invited, newest referral first (ids and referral dates), read
 * from the (inviter_id, referral_date, id) index alone as the subquery `p` of a deferred join
 * (db/deferred-page.ts): the invitation list joins only these rows to what it shows.
 */
export function inviteePage(db: Db, inviterId: number, page: { limit: number; offset: number }) {
  const keys = db
    .selectFrom('users')
    .select(['id', 'referral_date'])
    .where('inviter_id', '=', inviterId);
  return deferredPage(db, keys, { desc: ['referral_date', 'id'] }, page);
}
