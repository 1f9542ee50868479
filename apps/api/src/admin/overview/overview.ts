import { MS_PER_DAY } from '@nimbus/domain';
import type { Db } from '../../db/database.ts';
import { openGroupCount } from '../../group-buy/index.ts';
import { unsettledCommissionSums } from '../../inviters/index.ts';
import { activeMemberCount } from '../../membership/index.ts';
import { nodeStatuses } from '../../nodes/index.ts';
import { paidRevenueByDay, payingUserCount } from '../../orders/index.ts';
import { signupsByDay } from '../../accounts/index.ts';

/** How many UTC days the overview's series cover, today included. */
export const OVERVIEW_DAYS = 14;

const dayOf = (dayNumber: number) => new Date(dayNumber * MS_PER_DAY).toISOString().slice(0, 10);

/**
 * The overview's figures: signups and revenue (by provider and currency) per UTC day, members
 * with time left, members who ever paid, unfinished group buys, KOL commission held and payable,
 * nodes online. Each is asked of its table's store, grouped by the database.
 */
export async function overview(db: Db, now: number) {
  const first = Math.floor(now / MS_PER_DAY) - (OVERVIEW_DAYS - 1);
  const since = first * MS_PER_DAY;
  const [signups, revenue, active, paying, groups, pending, payable, nodes] = await Promise.all([
    signupsByDay(db, since),
    paidRevenueByDay(db, since),
    activeMemberCount(db, now),
    payingUserCount(db),
    openGroupCount(db, now),
    unsettledCommissionSums(db, now, false),
    unsettledCommissionSums(db, now, true),
    nodeStatuses(db, now),
  ]);
  return {
    signupsByDay: Array.from({ length: OVERVIEW_DAYS }, (_, i) => ({
      day: dayOf(first + i),
      count: signups.get(first + i) ?? 0,
    })),
    revenueByDay: revenue
      .map(({ day, ...rest }) => ({ day: dayOf(day), ...rest }))
      .sort((a, b) => a.day.localeCompare(b.day) || a.provider.localeCompare(b.provider)),
    activeMembers: active,
    payingMembers: paying,
    openGroupBuys: groups,
    commissionsPending: pending,
    commissionsPayable: payable,
    nodesOnline: nodes.filter((n) => n.online).length,
    nodesTotal: nodes.length,
  };
}
