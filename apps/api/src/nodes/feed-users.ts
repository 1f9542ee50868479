import type { Membership } from '@nimbus/domain';
import { rowsPerStatement } from '../db/batches.ts';
import type { Db } from '../db/database.ts';
import { userColumns } from '../accounts/index.ts';

/** A reported member as the feed judges the report: live or deleted, plan, devices. */
export interface FeedUserState {
  /** False for an account deleted since it was given to nodes. */
  live: boolean;
  membership: Membership;
  devicesAllowed: number;
}

const asTime = (value: unknown) => (value === null || value === undefined ? null : Number(value));

/**
 * Which of the ids a node reports were ever given to nodes (a user with a subscription link),
 * with what the report is judged by. An id missing from the map was never a member of the feed,
 * and the report naming it is refused.
 */
export async function knownFeedUsers(
  db: Db,
  ids: readonly number[],
): Promise<Map<number, FeedUserState>> {
  const known = new Map<number, FeedUserState>();
  const unique = [...new Set(ids)];
  const batch = rowsPerStatement(db, 1);
  for (let i = 0; i < unique.length; i += batch) {
    const rows = await db
      .selectFrom(
        userColumns(db, [
          'id',
          'deleted_at',
          'standard_expires_at',
          'lite_expires_at',
          'devices_allowed',
        ]).as('u'),
      )
      .select([
        'u.id',
        'u.deleted_at',
        'u.standard_expires_at',
        'u.lite_expires_at',
        'u.devices_allowed',
      ])
      .where('u.id', 'in', unique.slice(i, i + batch))
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('subscription_tokens as st')
            .select('st.user_id')
            .whereRef('st.user_id', '=', 'u.id'),
        ),
      )
      .execute();
    for (const row of rows)
      known.set(row.id, {
        live: row.deleted_at === null,
        membership: {
          standardExpiresAt: asTime(row.standard_expires_at),
          liteExpiresAt: asTime(row.lite_expires_at),
        },
        devicesAllowed: Number(row.devices_allowed),
      });
  }
  return known;
}
