import { rowsPerStatement } from '../db/batches.ts';
import type { Db } from '../db/database.ts';

/**
 * The node_alive table: the addresses each node last reported each member online on. An alive
 * report replaces the node's whole set (node software reports everyone online each time), so
 * the table holds at most one row per node and online member.
 */

export interface AliveEntry {
  userId: number;
  ips: readonly string[];
}

/** Replaces a node's online set with a new report (inside the caller's transaction). */
export async function replaceNodeAlive(
  trx: Db,
  nodeId: number,
  entries: readonly AliveEntry[],
  now: number,
): Promise<void> {
  await trx.deleteFrom('node_alive').where('node_id', '=', nodeId).execute();
  const rows = entries.map((e) => ({
    node_id: nodeId,
    user_id: e.userId,
    ips: JSON.stringify(e.ips),
    reported_at: now,
  }));
  const batch = rowsPerStatement(trx, 4);
  for (let i = 0; i < rows.length; i += batch)
    await trx
      .insertInto('node_alive')
      .values(rows.slice(i, i + batch))
      .execute();
}

/**
 * Each member's online addresses across every node whose report is fresh (at or after `since`):
 * an address seen on two nodes is one device. Node software appends "_<node>" to an address;
 * only the address counts.
 */
export async function onlineAddresses(db: Db, since: number): Promise<Map<number, Set<string>>> {
  const rows = await db
    .selectFrom('node_alive')
    .select(['user_id', 'ips'])
    .where('reported_at', '>=', since)
    .execute();
  const byUser = new Map<number, Set<string>>();
  for (const row of rows) {
    let ips: unknown;
    try {
      ips = JSON.parse(row.ips);
    } catch {
      continue;
    }
    if (!Array.isArray(ips)) continue;
    const set = byUser.get(row.user_id) ?? new Set<string>();
    for (const ip of ips) if (typeof ip === 'string') set.add(ip.split('_')[0] ?? ip);
    byUser.set(row.user_id, set);
  }
  return byUser;
}

/** Forgets a member's online addresses (account deletion). */
export async function eraseAlive(trx: Db, userId: number): Promise<void> {
  await trx.deleteFrom('node_alive').where('user_id', '=', userId).execute();
}
