import { THIRD_PARTY_CLIENT_NEVER_ENABLED, type ThirdPartyClientState } from '@nimbus/domain';
import type { Db } from '../db/database.ts';

/**
 * The third_party_clients table (its only store besides the node feed's read): each member's
 * client switch. Writes are compare-and-set on what the rule saw, so a racing change applies once.
 */

export interface SwitchRow {
  enabled: number;
  enabled_at: number | null;
  last_enabled_at: number | null;
}

export async function readSwitch(db: Db, userId: number): Promise<SwitchRow | undefined> {
  return db
    .selectFrom('third_party_clients')
    .select(['enabled', 'enabled_at', 'last_enabled_at'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export function stateOf(row: SwitchRow | undefined): ThirdPartyClientState {
  return row
    ? { enabled: row.enabled === 1, lastEnabledAt: row.last_enabled_at }
    : THIRD_PARTY_CLIENT_NEVER_ENABLED;
}

/**
 * Turns the switch on if it still holds what the rule saw (`row`, undefined: never enabled);
 * 0 when a racing enable got there first.
 */
export async function writeEnabled(
  db: Db,
  userId: number,
  row: SwitchRow | undefined,
  next: { enabled: number; enabled_at: number; last_enabled_at: number | null; updated_at: number },
): Promise<number> {
  return row
    ? db
        .updateTable('third_party_clients')
        .set(next)
        .where('user_id', '=', userId)
        .where('enabled', '=', 0)
        .where('last_enabled_at', row.last_enabled_at === null ? 'is' : '=', row.last_enabled_at)
        .executeTakeFirst()
        .then((r) => Number(r.numUpdatedRows))
    : db
        .insertInto('third_party_clients')
        .values({ user_id: userId, ...next })
        .onConflict((oc) => oc.column('user_id').doNothing())
        .executeTakeFirst()
        .then((r) => Number(r.numInsertedOrUpdatedRows ?? 0));
}

/** Turns an enabled switch off; 0 when it was already off. */
export async function writeDisabled(
  db: Db,
  userId: number,
  enabled: boolean,
  now: number,
): Promise<number> {
  const result = await db
    .updateTable('third_party_clients')
    .set({ enabled: enabled ? 1 : 0, enabled_at: null, updated_at: now })
    .where('user_id', '=', userId)
    .where('enabled', '=', 1)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
