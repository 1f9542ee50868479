import {
  ErrorCode,
  type AdminKolApplicationRow,
  type AdminKolPayout,
  type AdminKolRow,
  type AdminResponseOf,
} from '@nimbus/api-sdk/contract';
import { CommissionState, type KolApplicationStatus } from '@nimbus/domain';
import { cappedCount } from '../db/capped-count.ts';
import type { Db } from '../db/database.ts';
import { Refusal, validationRefusal } from '../errors/refusal.ts';
import { applicationsPage, findApplication, type ApplicationRow } from './application-store.ts';
import { KolError } from './manage-kols.ts';
import { toApplication } from './kol-applications.ts';
import { summariesNow } from './ledger.ts';
import {
  commissionCount,
  latestCommissions,
  latestPayouts,
  payableCommissionsOf,
  payoutCount,
} from './ledger-store.ts';
import { findWallet } from './wallet-store.ts';
import { kolAccounts } from './kol-store.ts';
import { accountName, contactsOf, searchUsers } from '../accounts/index.ts';

/**
 * The console's reads of the KOL programme (finance): KOLs by page with the domain's commission
 * summary, one KOL's ledger and payouts, applications by page. The changes (rate, approve,
 * decline, payout) are inviters/manage-kols.ts and inviters/kol-applications.ts, as for `pnpm ops`.
 */

/** How many commissions and payouts a KOL's detail shows, newest first. */
export const KOL_DETAIL_RECENT = 20;

/** A refusal of the KOL services as the console's result code. */
export function kolRefusal(error: unknown): never {
  if (!(error instanceof KolError)) throw error;
  switch (error.code) {
    case 'user_not_found':
      throw new Refusal(ErrorCode.USER_NOT_FOUND);
    case 'not_kol':
      throw new Refusal(ErrorCode.KOL_NOT_FOUND);
    case 'rate_out_of_range':
    case 'rate_not_whole_percent':
      // The contract's schema admits whole percentages of 25-100 only.
      throw new Refusal(ErrorCode.VALIDATION_FAILED);
    case 'below_threshold':
      throw new Refusal(ErrorCode.PAYOUT_BELOW_THRESHOLD);
    case 'no_wallet':
      throw new Refusal(ErrorCode.PAYOUT_NO_WALLET);
    case 'tx_hash_invalid':
      throw validationRefusal('tx_hash_invalid');
    case 'tx_hash_used':
      throw new Refusal(ErrorCode.PAYOUT_TX_USED);
    case 'application_not_found':
      throw new Refusal(ErrorCode.KOL_APPLICATION_NOT_FOUND);
    case 'application_not_pending':
      throw new Refusal(ErrorCode.KOL_APPLICATION_DECIDED);
    case 'reason_required':
      throw validationRefusal('reason_required');
    case 'text_too_long':
      throw validationRefusal('text_too_long', { max: 500 });
  }
}

type KolAccount = {
  id: number;
  is_kol: number;
  email: string | null;
  phone: string | null;
  username_display: string | null;
  rate_percent: number;
};

/** KOLs' rows: the domain's summaries from the KOLs' running totals (inviters/README.md). */
async function toKolRows(db: Db, kols: KolAccount[], now: number): Promise<AdminKolRow[]> {
  const summaries = await summariesNow(
    db,
    kols.map((k) => k.id),
    now,
  );
  return kols.flatMap((kol) => {
    const summary = summaries.get(kol.id);
    if (!summary) return [];
    return [
      {
        userId: String(kol.id),
        account: accountName(kol),
        isKol: kol.is_kol === 1,
        ratePercent: kol.rate_percent,
        pendingMinor: summary.pendingMinor,
        payableMinor: summary.payableMinor,
        settledMinor: summary.settledMinor,
        currency: summary.currency,
        payoutEligible: summary.payoutEligible,
        thresholdMinor: summary.thresholdMinor,
      },
    ];
  });
}

const KOL_COLUMNS = [
  'u.id',
  'u.is_kol',
  'u.email',
  'u.phone',
  'u.username_display',
  'k.rate_percent',
] as const;

/**
 * A page of KOLs, newest account first: all of them, the ones in the programme now (or the former
 * ones), the ones with a commission payable now, or the account a search text names.
 */
export async function searchKols(
  db: Db,
  filter: {
    query?: string | undefined;
    active?: boolean | undefined;
    payableOnly?: boolean | undefined;
  },
  page: { offset: number; limit: number },
  now: number,
): Promise<{ items: AdminKolRow[]; total: number; totalCapped: boolean }> {
  let base = kolAccounts(db);
  const text = filter.query?.trim() ?? '';
  if (text !== '') {
    const named = await searchUsers(db, { query: text }, { offset: 0, limit: 10 });
    const ids = named.items.map((u) => Number(u.userId));
    if (ids.length === 0) return { items: [], total: 0, totalCapped: false };
    base = base.where('u.id', 'in', ids);
  }
  if (filter.active !== undefined) base = base.where('u.is_kol', '=', filter.active ? 1 : 0);
  if (filter.payableOnly)
    base = base.where((eb) => eb.exists(payableCommissionsOf(db, eb.ref('u.id'), now)));
  const [rows, count] = await Promise.all([
    base
      .select(KOL_COLUMNS)
      .orderBy('k.user_id', 'desc')
      .offset(page.offset)
      .limit(page.limit)
      .execute(),
    cappedCount(db, base),
  ]);
  return { items: await toKolRows(db, rows, now), ...count };
}

/** One KOL's row; KOL_NOT_FOUND for a user who never was a KOL. */
export async function kolRowById(db: Db, userId: number, now: number): Promise<AdminKolRow> {
  const row = await kolAccounts(db)
    .select(KOL_COLUMNS)
    .where('u.id', '=', userId)
    .executeTakeFirst();
  const [kol] = row ? await toKolRows(db, [row], now) : [];
  if (!kol) throw new Refusal(ErrorCode.KOL_NOT_FOUND);
  return kol;
}

export const kolPayoutRow = (p: {
  public_id: string;
  amount_minor: number;
  currency: string;
  period_start: number;
  period_end: number;
  tx_hash: string | null;
  wallet_network: string | null;
  wallet_address: string | null;
  paid_at: number;
  actor: string;
}): AdminKolPayout => ({
  payoutId: p.public_id,
  amountMinor: p.amount_minor,
  currency: p.currency,
  periodStart: p.period_start,
  periodEnd: p.period_end,
  txHash: p.tx_hash,
  wallet:
    p.wallet_network !== null && p.wallet_address !== null
      ? { network: p.wallet_network, address: p.wallet_address }
      : null,
  paidAt: p.paid_at,
  actor: p.actor,
});

/** A KOL's row, payout wallet, latest commissions (with their state now) and latest payouts. */
export async function kolDetail(
  db: Db,
  userId: number,
  now: number,
): Promise<AdminResponseOf<'adminKolDetail'>> {
  const kol = await kolRowById(db, userId, now);
  const [wallet, recent, commissions, paid, payouts] = await Promise.all([
    findWallet(db, userId),
    latestCommissions(db, userId, KOL_DETAIL_RECENT),
    commissionCount(db, userId),
    latestPayouts(db, userId, KOL_DETAIL_RECENT),
    payoutCount(db, userId),
  ]);
  return {
    kol,
    wallet: wallet ? { network: wallet.network, address: wallet.address } : null,
    commissions: {
      total: Number(commissions.n),
      recent: recent.map((c) => ({
        orderId: c.order_public_id,
        referredUserId: String(c.referred_user_id),
        paidMinor: c.paid_minor,
        ratePercent: c.rate_percent,
        amountMinor: c.amount_minor,
        currency: c.currency,
        state:
          c.state === CommissionState.PENDING && now >= c.payable_at
            ? CommissionState.PAYABLE
            : c.state,
        earnedAt: c.earned_at,
        payableAt: c.payable_at,
        settledAt: c.settled_at,
      })),
    },
    payouts: { total: Number(payouts.n), recent: paid.map(kolPayoutRow) },
  };
}

async function withAccounts(db: Db, rows: ApplicationRow[]): Promise<AdminKolApplicationRow[]> {
  const contacts = await contactsOf(
    db,
    rows.map((r) => r.user_id),
  );
  return rows.map((row) => {
    const contact = contacts.get(row.user_id);
    return {
      ...toApplication(row),
      userId: String(row.user_id),
      account: contact ? accountName(contact) : `#${row.user_id}`,
    };
  });
}

/** A page of applications (the pending queue oldest first) with the applicants' accounts. */
export async function kolApplications(
  db: Db,
  status: KolApplicationStatus | null,
  page: { offset: number; limit: number },
): Promise<{ items: AdminKolApplicationRow[]; total: number }> {
  const { rows, total } = await applicationsPage(db, status, page);
  return { items: await withAccounts(db, rows), total };
}

export async function kolApplicationById(db: Db, id: number): Promise<AdminKolApplicationRow> {
  const row = await findApplication(db, id);
  if (!row) throw new Refusal(ErrorCode.KOL_APPLICATION_NOT_FOUND);
  const [application] = await withAccounts(db, [row]);
  if (!application) throw new Refusal(ErrorCode.KOL_APPLICATION_NOT_FOUND);
  return application;
}
