import { GroupBuyStatus, MS_PER_DAY, OrderStatus } from '@nimbus/domain';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { nodeStatuses } from '../../nodes/node-services.ts';

/** How many UTC days the overview's series cover, today included. */
export const OVERVIEW_DAYS = 14;

const dayOf = (dayNumber: number) => new Date(dayNumber * MS_PER_DAY).toISOString().slice(0, 10);

/**
 * The overview's figures: signups and revenue (by provider and currency) per UTC day, members
 * with time left, members who ever paid, unfinished group buys, KOL commission held and payable,
 * nodes online. Grouping is done by the database (day = created_at / ms per day, an integer
 * division on both dialects).
 */
export async function overview(db: Db, now: number) {
  const since = (Math.floor(now / MS_PER_DAY) - (OVERVIEW_DAYS - 1)) * MS_PER_DAY;
  const day = (column: string) => sql<number>`${sql.ref(column)} / ${sql.lit(MS_PER_DAY)}`;
  const [signups, revenue, active, paying, groups, pending, payable, nodes] = await Promise.all([
    db
      .selectFrom('users')
      .select([day('created_at').as('d'), (eb) => eb.fn.countAll<number>().as('n')])
      .where('created_at', '>=', since)
      .groupBy(day('created_at'))
      .execute(),
    db
      .selectFrom('orders')
      .select([
        day('paid_at').as('d'),
        'provider',
        'currency',
        (eb) => eb.fn.sum<number>('amount_minor').as('amount'),
      ])
      .where('status', '=', OrderStatus.PAID)
      .where('paid_at', '>=', since)
      .groupBy([day('paid_at'), 'provider', 'currency'])
      .execute(),
    db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where((eb) => eb.or([eb('standard_expires_at', '>', now), eb('lite_expires_at', '>', now)]))
      .where('deleted_at', 'is', null)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('orders')
      .select((eb) => eb.fn.count<number>('user_id').distinct().as('n'))
      .where('status', '=', OrderStatus.PAID)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('group_buys')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('status', '=', GroupBuyStatus.UNFINISHED)
      .where('expires_at', '>', now)
      .executeTakeFirstOrThrow(),
    commissionSums(db, (q) => q.where('payable_at', '>', now)),
    commissionSums(db, (q) => q.where('payable_at', '<=', now)),
    nodeStatuses(db, now),
  ]);
  const signupsByDay = new Map(signups.map((r) => [Number(r.d), Number(r.n)]));
  const first = since / MS_PER_DAY;
  return {
    signupsByDay: Array.from({ length: OVERVIEW_DAYS }, (_, i) => ({
      day: dayOf(first + i),
      count: signupsByDay.get(first + i) ?? 0,
    })),
    revenueByDay: revenue
      .map((r) => ({
        day: dayOf(Number(r.d)),
        provider: r.provider,
        currency: r.currency,
        amountMinor: Number(r.amount),
      }))
      .sort((a, b) => a.day.localeCompare(b.day) || a.provider.localeCompare(b.provider)),
    activeMembers: Number(active.n),
    payingMembers: Number(paying.n),
    openGroupBuys: Number(groups.n),
    commissionsPending: pending,
    commissionsPayable: payable,
    nodesOnline: nodes.filter((n) => n.online).length,
    nodesTotal: nodes.length,
  };
}

type CommissionQuery = ReturnType<typeof pendingCommissions>;
const pendingCommissions = (db: Db) =>
  db.selectFrom('kol_commissions').where('state', '=', 'pending');

/** Commission not yet settled nor clawed back, per currency. */
async function commissionSums(db: Db, narrow: (q: CommissionQuery) => CommissionQuery) {
  const rows = await narrow(pendingCommissions(db))
    .select(['currency', (eb) => eb.fn.sum<number>('amount_minor').as('amount')])
    .groupBy('currency')
    .execute();
  return rows.map((r) => ({ currency: r.currency, amountMinor: Number(r.amount) }));
}
