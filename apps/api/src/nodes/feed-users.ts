import type { Db } from '../db/database.ts';
import { userColumns } from '../users/user-store.ts';

const BATCH = 900;

/**
 * Which of the ids a node reports were ever given to nodes (a user with a subscription link):
 * true for a live account, false for one deleted since. An id missing from the map was never a
 * member of the feed, and the report naming it is refused.
 */
export async function knownFeedUsers(
  db: Db,
  ids: readonly number[],
): Promise<Map<number, boolean>> {
  const known = new Map<number, boolean>();
  const unique = [...new Set(ids)];
  for (let i = 0; i < unique.length; i += BATCH) {
    const rows = await db
      .selectFrom(userColumns(db, ['id', 'deleted_at']).as('u'))
      .select(['u.id', 'u.deleted_at'])
      .where('u.id', 'in', unique.slice(i, i + BATCH))
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('subscription_tokens as st')
            .select('st.user_id')
            .whereRef('st.user_id', '=', 'u.id'),
        ),
      )
      .execute();
    for (const row of rows) known.set(row.id, row.deleted_at === null);
  }
  return known;
}
