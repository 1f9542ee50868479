import type { KolSummary, RequestOf, ResponseOf } from '@nimbus/api-sdk/contract';
import {
  CommissionPurchaseType,
  CommissionSettlement,
  KOL_RENEWAL_RATE_PERCENT,
  isPayoutNetwork,
  KolTab,
  pageRequest,
  ReferralStatus,
  type PageRequest,
} from '@nimbus/domain';
import { inviteeCount, inviteesRegistered, inviteLinkOf } from '../accounts/index.ts';
import { productName } from '../plans/index.ts';
import type { Db } from '../db/database.ts';
import { callerOf, type CallContext } from '../http/handler.ts';
import { kolStates } from './kol-store.ts';
import { keptOfRow, kolTotalsRows, NO_KOL_TOTALS } from './kol-totals-store.ts';
import { kolSummaryNow } from './ledger.ts';
import {
  payoutCountInRange,
  payoutsPage,
  tabLineCountInRange,
  tabLinesInRange,
  tabLinesNumbered,
  unlistedLineNos,
  type DateRange,
} from './ledger-store.ts';
import { walletRows } from './wallet-store.ts';

type Output = ResponseOf<'systemAffiliate'>;

/**
 * The caller's KOL state, running totals (with the line counter) and payout wallet, in one query;
 * undefined for a user deleted.
 */
async function dashboardKol(db: Db, userId: number) {
  const row = await db
    .selectFrom(kolStates(db).where('users.id', '=', userId).as('s'))
    .leftJoin(kolTotalsRows(db).as('t'), 't.kol_id', 's.id')
    .leftJoin(walletRows(db).as('w'), 'w.user_id', 's.id')
    .selectAll('t')
    .select([
      's.invite_code',
      's.is_kol',
      's.rate_percent',
      'w.network as wallet_network',
      'w.address as wallet_address',
      'w.updated_at as wallet_updated_at',
    ])
    .executeTakeFirst();
  if (!row) return undefined;
  const { wallet_network: network, wallet_address: address } = row;
  return {
    ...keptOfRow(row.kol_id === null ? undefined : row),
    user: { inviteCode: row.invite_code, isKol: row.is_kol, ratePercent: row.rate_percent },
    wallet:
      network !== null && address !== null && isPayoutNetwork(network)
        ? { network, address, updatedAt: Number(row.wallet_updated_at) }
        : null,
  };
}

type DashboardKol = NonNullable<Awaited<ReturnType<typeof dashboardKol>>>;

/** The running totals and line counter the tabs read (all zero for a user with none). */
type Kept = Pick<DashboardKol, 'totals' | 'lineCount'>;

function summaryOf(
  kol: DashboardKol,
  ratePercent: number,
  { summary, nextPayoutAt }: Awaited<ReturnType<typeof kolSummaryNow>>,
  holdingDays: number,
): KolSummary {
  const { inviteCode } = kol.user;
  return {
    inviteCode,
    inviteLink: inviteLinkOf(inviteCode),
    firstPurchaseRatePercent: ratePercent,
    renewalRatePercent: KOL_RENEWAL_RATE_PERCENT,
    currency: summary.currency,
    pendingMinor: summary.pendingMinor,
    payableMinor: summary.payableMinor,
    settledMinor: summary.settledMinor,
    payoutThresholdMinor: summary.thresholdMinor,
    holdingDays,
    nextPayoutAt,
    wallet: kol.wallet,
    invitedCount: kol.totals.invitees,
    paidCount: kol.totals.paidInvitees,
  };
}

/**
 * The page's total: kept in the KOL's running totals for the whole record; counted for a range
 * (an export of some dates).
 */
async function totalOf(
  range: DateRange,
  kept: () => Promise<number>,
  count: () => Promise<{ n: number | string | bigint }>,
): Promise<number> {
  if (wholeRecord(range)) return kept();
  return Number((await count()).n);
}

/** The whole record: no dates asked for. */
const wholeRecord = (range: DateRange) => range.from === 0 && range.to === Number.MAX_SAFE_INTEGER;

/**
 * The number of the line `rank` places below the KOL's newest listed one (0 is the newest), given
 * the last number and the unlisted lines' numbers (newest first); below 1 past the last line.
 */
export function lineNoAtRank(lineCount: number, gaps: readonly number[], rank: number): number {
  let lineNo = lineCount - rank;
  for (const gap of gaps) {
    if (gap < lineNo) break;
    lineNo -= 1;
  }
  return lineNo;
}

/**
 * A page of the whole record by line numbers (migration 0026): the numbers of commissions clawed
 * back before payout (not listed; few) place the page's range of numbers, read from each table's
 * (kol_id, line_no) index; any page costs the same.
 */
async function numberedPage(
  db: Db,
  kolId: number,
  page: PageRequest,
  lineCountOf: Promise<number>,
) {
  const [lineCount, unlisted] = await Promise.all([lineCountOf, unlistedLineNos(db, kolId)]);
  const gaps = unlisted.sort((a, b) => b - a);
  const newest = lineNoAtRank(lineCount, gaps, page.offset);
  if (newest < 1) return [];
  const oldest = Math.max(1, lineNoAtRank(lineCount, gaps, page.offset + page.limit - 1));
  return tabLinesNumbered(db, kolId, oldest, newest);
}

/**
 * The commission tab: each commission of a referred user's order, newest first, and each
 * clawback of one already paid out as a negative line, so the lines add up to what the KOL
 * earned. Commissions clawed back before payout earned nothing and are not listed.
 */
async function commissionRecords(
  db: Db,
  kolId: number,
  kept: Promise<Kept>,
  page: PageRequest,
  range: DateRange,
  ctx: CallContext,
) {
  const [rows, count] = await Promise.all([
    wholeRecord(range)
      ? numberedPage(
          db,
          kolId,
          page,
          kept.then((k) => k.lineCount),
        )
      : tabLinesInRange(db, kolId, range, page),
    totalOf(
      range,
      async () => (await kept).totals.lines,
      () => tabLineCountInRange(db, kolId, range),
    ),
  ]);
  return {
    items: rows.map((r) => {
      const refund = Number(r.adjustment) === 1;
      return {
        referredUid: String(r.referred_user_id),
        package: productName(ctx.language, r.group_type, r.duration_days),
        // A clawback line shows the refunded payment as a negative amount paid.
        amountPaidMinor: refund ? -r.paid_minor : r.paid_minor,
        currency: r.currency,
        type:
          r.purchase_type === CommissionPurchaseType.RENEWAL
            ? CommissionPurchaseType.RENEWAL
            : CommissionPurchaseType.FIRST_PURCHASE,
        referRate: r.rate_percent,
        referAmountMinor: r.amount_minor,
        status:
          r.settled_at === null ? CommissionSettlement.UNSETTLED : CommissionSettlement.SETTLED,
        date: r.at,
      };
    }),
    total: count,
    page: page.page,
    pageSize: page.pageSize,
  };
}

async function settlementRecords(
  db: Db,
  kolId: number,
  kept: Promise<Kept>,
  page: PageRequest,
  range: DateRange,
) {
  const [rows, count] = await Promise.all([
    payoutsPage(db, kolId, range, page),
    totalOf(
      range,
      async () => (await kept).totals.payouts,
      () => payoutCountInRange(db, kolId, range),
    ),
  ]);
  return {
    items: rows.map((p) => ({
      payoutDate: p.paid_at,
      periodStart: p.period_start,
      periodEnd: p.period_end,
      amountMinor: p.amount_minor,
      currency: p.currency,
      txHash: p.tx_hash,
      walletNetwork: p.wallet_network,
      walletAddress: p.wallet_address,
    })),
    total: count,
    page: page.page,
    pageSize: page.pageSize,
  };
}

async function invitationDetails(
  db: Db,
  kolId: number,
  kept: Promise<Kept>,
  page: PageRequest,
  range: DateRange,
) {
  const [rows, count] = await Promise.all([
    inviteesRegistered(db, kolId, range, page),
    totalOf(
      range,
      async () => (await kept).totals.invitees,
      () => inviteeCount(db, kolId, range),
    ),
  ]);
  return {
    items: rows.map((u) => ({
      referredUid: String(u.id),
      referralDate: u.created_at,
      // users.paid_orders counts the invitee's paid orders above zero (kept with each payment
      // and refund; `pnpm ops kol check-totals` recomputes it).
      status: u.paid_orders > 0 ? ReferralStatus.PAID : ReferralStatus.REGISTERED,
    })),
    total: count,
    page: page.page,
    pageSize: page.pageSize,
  };
}

// POST /api/system/system_affiliate
/**
 * system_affiliate: the KOL dashboard. A user who is not a KOL gets `{ isKol: false }` (the
 * "You're not a KOL yet" screen); a KOL gets the summary (pending, payable and settled
 * earnings by the domain's ledger rules, the $100 threshold, the holding period in force, when
 * the next payout can happen, the payout wallet, invite counts) and one page of the tab asked
 * for: commissions, settlements or invitations, optionally only those dated in a range.
 */
export async function affiliate(
  input: RequestOf<'systemAffiliate'>,
  ctx: CallContext,
): Promise<Output> {
  const { db } = ctx.services;
  const { userId } = callerOf(ctx);
  const page = pageRequest(input.page, input.pageSize);
  const range: DateRange = { from: input.from ?? 0, to: input.to ?? Number.MAX_SAFE_INTEGER };
  // One round of queries side by side (each its own connection on PostgreSQL): who the caller
  // is with their running totals and wallet, the commissions they still hold, and the tab's
  // queries, which wait for the running totals only where they need them (the commission tab's
  // page of the whole record is placed by its line counter: a second round).
  const kol = dashboardKol(db, userId);
  const kept: Promise<Kept> = kol.then((k) => k ?? { totals: NO_KOL_TOTALS, lineCount: 0 });
  const held = kolSummaryNow(
    db,
    userId,
    kept.then((k) => k.totals),
    ctx.now,
  );
  const summary = async () => {
    const [k, s] = await Promise.all([kol, held]);
    if (!k || k.user.isKol !== 1 || k.user.ratePercent === null) return undefined;
    return summaryOf(k, k.user.ratePercent, s, ctx.services.config.kol.holdingDays);
  };
  const tab = input.tab ?? KolTab.COMMISSION;
  switch (tab) {
    case KolTab.COMMISSION: {
      const [s, records] = await Promise.all([
        summary(),
        commissionRecords(db, userId, kept, page, range, ctx),
      ]);
      return s ? { isKol: true, summary: s, tab, records } : { isKol: false };
    }
    case KolTab.SETTLEMENT: {
      const [s, records] = await Promise.all([
        summary(),
        settlementRecords(db, userId, kept, page, range),
      ]);
      return s ? { isKol: true, summary: s, tab, records } : { isKol: false };
    }
    case KolTab.INVITATION: {
      const [s, records] = await Promise.all([
        summary(),
        invitationDetails(db, userId, kept, page, range),
      ]);
      return s ? { isKol: true, summary: s, tab, records } : { isKol: false };
    }
  }
}
