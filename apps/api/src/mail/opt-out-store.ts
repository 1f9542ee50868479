import { MAIL_CATEGORIES, type MailCategory } from '@nimbus/domain';
import type { Db } from '../db/database.ts';

/** The mail_opt_outs table: the notice categories each member turned off. */

export async function optedOutCategories(db: Db, userId: number): Promise<Set<MailCategory>> {
  const rows = await db
    .selectFrom('mail_opt_outs')
    .select('category')
    .where('user_id', '=', userId)
    .execute();
  return new Set(MAIL_CATEGORIES.filter((c) => rows.some((r) => r.category === c)));
}

export async function isOptedOut(db: Db, userId: number, category: MailCategory): Promise<boolean> {
  const row = await db
    .selectFrom('mail_opt_outs')
    .select('user_id')
    .where('user_id', '=', userId)
    .where('category', '=', category)
    .executeTakeFirst();
  return row !== undefined;
}

/** Turns a category off (once: a second time changes nothing) or back on. */
export async function setOptOut(
  db: Db,
  userId: number,
  category: MailCategory,
  optedOut: boolean,
  now: number,
): Promise<void> {
  if (optedOut) {
    await db
      .insertInto('mail_opt_outs')
      .values({ user_id: userId, category, created_at: now })
      .onConflict((oc) => oc.columns(['user_id', 'category']).doNothing())
      .execute();
  } else {
    await db
      .deleteFrom('mail_opt_outs')
      .where('user_id', '=', userId)
      .where('category', '=', category)
      .execute();
  }
}
