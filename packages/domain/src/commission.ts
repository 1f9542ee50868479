import {
  KOL_FIRST_PURCHASE_RATE_MAX_PERCENT,
  KOL_FIRST_PURCHASE_RATE_MIN_PERCENT,
  KOL_HOLDING_PERIOD_DAYS_DEFAULT,
  KOL_PAYOUT_CURRENCY,
  KOL_PAYOUT_THRESHOLD_MINOR,
  KOL_RENEWAL_RATE_PERCENT,
} from './constants.ts';
import { daysToMs } from './duration.ts';
import { CommissionPurchaseType, CommissionState } from './enums.ts';
import { err, ok, type Result } from './result.ts';

/**
 * KOL commission. Money is integer minor units of the payout currency (USD cents); an order paid
 * in another currency is converted by the caller, at the rate recorded on the order, first.
 *
 * Rounding (the one rule): commission = floor(paid x rate / 100) to the minor unit. Flooring per
 * order means a commission never exceeds its share of what was paid, so the sum of all
 * commissions never exceeds the sum paid.
 */

export type KolRateError = 'rate_out_of_range' | 'rate_not_whole_percent';

/** Validates a KOL's configured first-purchase rate: a whole percentage from 25 to 100. */
export function validateKolFirstPurchaseRate(ratePercent: number): Result<number, KolRateError> {
  if (!Number.isInteger(ratePercent))
    return Number.isFinite(ratePercent) ? err('rate_not_whole_percent') : err('rate_out_of_range');
  if (
    ratePercent < KOL_FIRST_PURCHASE_RATE_MIN_PERCENT ||
    ratePercent > KOL_FIRST_PURCHASE_RATE_MAX_PERCENT
  )
    return err('rate_out_of_range');
  return ok(ratePercent);
}

/** The rate that applies: the KOL's own rate on a first purchase, 20 % on renewals. */
export function commissionRatePercent(
  purchaseType: CommissionPurchaseType,
  firstPurchaseRatePercent: number,
): number {
  return purchaseType === CommissionPurchaseType.FIRST_PURCHASE
    ? firstPurchaseRatePercent
    : KOL_RENEWAL_RATE_PERCENT;
}

/** floor(paid x rate / 100): the commission on an amount actually paid. */
export function commissionAmountMinor(paidMinor: number, ratePercent: number): number {
  if (!Number.isSafeInteger(paidMinor) || paidMinor < 0)
    throw new RangeError(
      `A paid amount must be a non-negative integer of minor units, got ${paidMinor}`,
    );
  if (!Number.isInteger(ratePercent) || ratePercent < 0 || ratePercent > 100)
    throw new RangeError(`A commission rate must be a whole 0-100, got ${ratePercent}`);
  return Math.floor((paidMinor * ratePercent) / 100);
}

export interface Commission {
  /** The referred user's order; one commission per order, ever. */
  readonly orderId: string;
  readonly purchaseType: CommissionPurchaseType;
  /** referRate of the commission record. */
  readonly ratePercent: number;
  /** What the referred user actually paid (after promo codes), in minor units. */
  readonly paidMinor: number;
  /** referAmount: what is credited to the KOL. */
  readonly amountMinor: number;
  readonly currency: string;
  readonly earnedAt: number;
  /** End of the holding period: from then on the commission is payable. */
  readonly payableAt: number;
  readonly state: CommissionState;
  readonly settledAt: number | null;
  readonly payoutId: string | null;
  readonly clawedBackAt: number | null;
}

/** A negative entry: money already paid out for an order that was later refunded. */
export interface CommissionAdjustment {
  readonly orderId: string;
  readonly amountMinor: number;
  readonly createdAt: number;
  readonly settledAt: number | null;
  readonly payoutId: string | null;
}

export interface CommissionLedger {
  readonly commissions: readonly Commission[];
  readonly adjustments: readonly CommissionAdjustment[];
}

export const EMPTY_COMMISSION_LEDGER: CommissionLedger = { commissions: [], adjustments: [] };

export type CommissionError = KolRateError | 'currency_not_supported';

/**
 * The commission for one paid order of a referred user, held for `holdingDays` (default 30, the
 * refund window) before it becomes payable.
 */
export function createCommission(input: {
  readonly orderId: string;
  readonly purchaseType: CommissionPurchaseType;
  readonly firstPurchaseRatePercent: number;
  readonly paidMinor: number;
  readonly currency: string;
  readonly paidAt: number;
  readonly holdingDays?: number;
}): Result<Commission, CommissionError> {
  const rate = validateKolFirstPurchaseRate(input.firstPurchaseRatePercent);
  if (!rate.ok) return rate;
  if (input.currency !== KOL_PAYOUT_CURRENCY) return err('currency_not_supported');
  const holdingDays = input.holdingDays ?? KOL_HOLDING_PERIOD_DAYS_DEFAULT;
  if (!Number.isInteger(holdingDays) || holdingDays < 0)
    throw new RangeError(`A holding period must be whole days >= 0, got ${holdingDays}`);
  const ratePercent = commissionRatePercent(input.purchaseType, rate.value);
  return ok({
    orderId: input.orderId,
    purchaseType: input.purchaseType,
    ratePercent,
    paidMinor: input.paidMinor,
    amountMinor: commissionAmountMinor(input.paidMinor, ratePercent),
    currency: input.currency,
    earnedAt: input.paidAt,
    payableAt: input.paidAt + daysToMs(holdingDays),
    state: CommissionState.PENDING,
    settledAt: null,
    payoutId: null,
    clawedBackAt: null,
  });
}

/**
 * Adds a commission to the ledger unless its order already has one: a repeated payment webhook
 * or a retried job credits nothing twice.
 */
export function recordCommission(
  ledger: CommissionLedger,
  commission: Commission,
): { readonly ledger: CommissionLedger; readonly recorded: boolean } {
  if (ledger.commissions.some((c) => c.orderId === commission.orderId))
    return { ledger, recorded: false };
  return {
    ledger: { ...ledger, commissions: [...ledger.commissions, commission] },
    recorded: true,
  };
}

/** The state as of `now`: a pending commission whose holding period is over counts as payable. */
export function effectiveCommissionState(commission: Commission, now: number): CommissionState {
  return commission.state === CommissionState.PENDING && now >= commission.payableAt
    ? CommissionState.PAYABLE
    : commission.state;
}

export interface Clawback {
  readonly ledger: CommissionLedger;
  /** False when the order's commission was clawed back already (a repeated refund). */
  readonly changed: boolean;
  /** Taken back from the KOL's unpaid earnings (a pending or payable commission). */
  readonly removedMinor: number;
  /** The negative entry created for a commission that was already paid out, or null. */
  readonly adjustment: CommissionAdjustment | null;
}

/**
 * The order was refunded: its commission is clawed back. A pending or payable one simply stops
 * counting (nothing was paid out). A settled one was paid: it stays in the payout's history and a
 * negative adjustment of exactly the credited amount is deducted from the next payout. Either
 * way the KOL's lifetime earnings fall by exactly what the order had credited. Repeating the
 * clawback changes nothing.
 */
export function clawBackCommission(
  ledger: CommissionLedger,
  orderId: string,
  now: number,
): Result<Clawback, 'commission_not_found'> {
  const commission = ledger.commissions.find((c) => c.orderId === orderId);
  if (commission === undefined) return err('commission_not_found');
  if (commission.state === CommissionState.CLAWED_BACK)
    return ok({ ledger, changed: false, removedMinor: 0, adjustment: null });

  const clawed: Commission = {
    ...commission,
    state: CommissionState.CLAWED_BACK,
    clawedBackAt: now,
  };
  const commissions = ledger.commissions.map((c) => (c === commission ? clawed : c));
  if (commission.state !== CommissionState.SETTLED) {
    return ok({
      ledger: { ...ledger, commissions },
      changed: true,
      removedMinor: commission.amountMinor,
      adjustment: null,
    });
  }
  const adjustment: CommissionAdjustment = {
    orderId,
    amountMinor: -commission.amountMinor,
    createdAt: now,
    settledAt: null,
    payoutId: null,
  };
  return ok({
    ledger: { commissions, adjustments: [...ledger.adjustments, adjustment] },
    changed: true,
    removedMinor: 0,
    adjustment,
  });
}

export interface CommissionSummary {
  /** Held commissions still inside their holding period. */
  readonly pendingMinor: number;
  /**
   * Payable commissions less unsettled adjustments: what the next payout would be (may be
   * negative).
   */
  readonly payableMinor: number;
  /** Net paid out so far (settled commissions less settled adjustments). */
  readonly settledMinor: number;
  readonly thresholdMinor: number;
  /** Payable as a whole percentage of the threshold, rounded down, from 0 to 100. */
  readonly progressPercent: number;
  readonly payoutEligible: boolean;
  readonly currency: string;
}

/** Whether payable earnings reached the payout threshold ($100). */
export function isPayoutEligible(
  payableMinor: number,
  thresholdMinor: number = KOL_PAYOUT_THRESHOLD_MINOR,
): boolean {
  return payableMinor >= thresholdMinor;
}

/** Why a payout cannot be recorded now: too little payable, or nowhere to send it. */
export type PayoutBlock = 'below_threshold' | 'no_wallet';

/**
 * What stops a payout: below the threshold first (nothing to pay), then a KOL without a payout
 * wallet (a payout must name the wallet it went to, so none is recorded until the KOL adds one).
 * The console, `pnpm ops payout` and the dashboard all ask this one rule.
 */
export function payoutBlock(
  payableMinor: number,
  hasWallet: boolean,
  thresholdMinor: number = KOL_PAYOUT_THRESHOLD_MINOR,
): PayoutBlock | null {
  if (!isPayoutEligible(payableMinor, thresholdMinor)) return 'below_threshold';
  return hasWallet ? null : 'no_wallet';
}

/**
 * Progress towards the threshold, in whole percent, floored so 100 means reached, capped at 100.
 */
export function payoutProgressPercent(
  payableMinor: number,
  thresholdMinor: number = KOL_PAYOUT_THRESHOLD_MINOR,
): number {
  if (thresholdMinor <= 0) return 100;
  return Math.min(100, Math.max(0, Math.floor((payableMinor * 100) / thresholdMinor)));
}

function sum(values: readonly number[]): number {
  return values.reduce((a, b) => a + b, 0);
}

/** The KOL dashboard's totals as of `now`. */
export function commissionSummary(
  ledger: CommissionLedger,
  now: number,
  thresholdMinor: number = KOL_PAYOUT_THRESHOLD_MINOR,
): CommissionSummary {
  const inState = (state: CommissionState) =>
    ledger.commissions
      .filter((c) => effectiveCommissionState(c, now) === state)
      .map((c) => c.amountMinor);
  const pendingMinor = sum(inState(CommissionState.PENDING));
  const payableMinor =
    sum(inState(CommissionState.PAYABLE)) +
    sum(ledger.adjustments.filter((a) => a.settledAt === null).map((a) => a.amountMinor));
  const settledMinor =
    sum(ledger.commissions.filter((c) => c.settledAt !== null).map((c) => c.amountMinor)) +
    sum(ledger.adjustments.filter((a) => a.settledAt !== null).map((a) => a.amountMinor));
  return {
    pendingMinor,
    payableMinor,
    settledMinor,
    thresholdMinor,
    progressPercent: payoutProgressPercent(payableMinor, thresholdMinor),
    payoutEligible: isPayoutEligible(payableMinor, thresholdMinor),
    currency: KOL_PAYOUT_CURRENCY,
  };
}

/**
 * A KOL's ledger kept as running totals (updated with each ledger change, so the dashboard never
 * adds up the whole ledger): what `commissionSummary` needs apart from the split of held
 * commissions into pending and payable, which depends on the time asked about.
 */
export interface CommissionTotals {
  /** Commissions neither settled nor clawed back (pending or payable, depending on `now`). */
  readonly heldMinor: number;
  /** Adjustments not yet deducted from a payout (negative or zero). */
  readonly openAdjustmentsMinor: number;
  /** Net paid out so far (settled commissions, clawed back later or not, plus settled adjustments). */
  readonly settledMinor: number;
  /** Lines of the commission tab: listed commissions and adjustments. */
  readonly lines: number;
}

/**
 * Whether a commission is a line of the KOL's commission record: every commission except one
 * clawed back before it was paid out (it earned nothing).
 */
export function isListedCommission(commission: Pick<Commission, 'state' | 'settledAt'>): boolean {
  return commission.state !== CommissionState.CLAWED_BACK || commission.settledAt !== null;
}

/** The running totals of a ledger, from all of it: what the kept totals must always equal. */
export function commissionTotals(ledger: CommissionLedger): CommissionTotals {
  return {
    heldMinor: sum(
      ledger.commissions
        .filter((c) => c.state === CommissionState.PENDING || c.state === CommissionState.PAYABLE)
        .map((c) => c.amountMinor),
    ),
    openAdjustmentsMinor: sum(
      ledger.adjustments.filter((a) => a.settledAt === null).map((a) => a.amountMinor),
    ),
    settledMinor:
      sum(ledger.commissions.filter((c) => c.settledAt !== null).map((c) => c.amountMinor)) +
      sum(ledger.adjustments.filter((a) => a.settledAt !== null).map((a) => a.amountMinor)),
    lines: ledger.commissions.filter(isListedCommission).length + ledger.adjustments.length,
  };
}

export const NO_COMMISSION_TOTALS: CommissionTotals = {
  heldMinor: 0,
  openAdjustmentsMinor: 0,
  settledMinor: 0,
  lines: 0,
};

/** How the running totals change when a ledger changes from `before` to `after`. */
export function commissionTotalsChange(
  before: CommissionLedger,
  after: CommissionLedger,
): CommissionTotals {
  const b = commissionTotals(before);
  const a = commissionTotals(after);
  return {
    heldMinor: a.heldMinor - b.heldMinor,
    openAdjustmentsMinor: a.openAdjustmentsMinor - b.openAdjustmentsMinor,
    settledMinor: a.settledMinor - b.settledMinor,
    lines: a.lines - b.lines,
  };
}

/**
 * The dashboard's totals as of `now` from the running totals and the held commissions still in
 * their holding period (`commissionSummary` of the whole ledger gives the same): those are
 * pending, the rest of what is held is payable.
 */
export function commissionSummaryOfTotals(
  totals: CommissionTotals,
  held: readonly { readonly amountMinor: number; readonly payableAt: number }[],
  now: number,
  thresholdMinor: number = KOL_PAYOUT_THRESHOLD_MINOR,
): CommissionSummary {
  const pendingMinor = sum(held.filter((c) => now < c.payableAt).map((c) => c.amountMinor));
  return commissionSummaryOfPending(totals, pendingMinor, thresholdMinor);
}

/**
 * The same from the running totals and the total of the commissions still in their holding
 * period (pending).
 */
export function commissionSummaryOfPending(
  totals: CommissionTotals,
  pendingMinor: number,
  thresholdMinor: number = KOL_PAYOUT_THRESHOLD_MINOR,
): CommissionSummary {
  const payableMinor = totals.heldMinor - pendingMinor + totals.openAdjustmentsMinor;
  return {
    pendingMinor,
    payableMinor,
    settledMinor: totals.settledMinor,
    thresholdMinor,
    progressPercent: payoutProgressPercent(payableMinor, thresholdMinor),
    payoutEligible: isPayoutEligible(payableMinor, thresholdMinor),
    currency: KOL_PAYOUT_CURRENCY,
  };
}

export interface Payout {
  readonly ledger: CommissionLedger;
  readonly payoutId: string;
  readonly amountMinor: number;
  readonly currency: string;
  /** Orders whose commissions (or adjustments) this payout settles. */
  readonly orderIds: readonly string[];
  /** The settlement record's period: earliest and latest entry it covers. */
  readonly period: { readonly from: number; readonly to: number };
}

/**
 * Settles every payable commission and every open adjustment in one payout, when their total
 * reaches the threshold. The caller records the transfer's hash against `payoutId`.
 */
export function settlePayout(
  ledger: CommissionLedger,
  input: { readonly payoutId: string; readonly now: number; readonly thresholdMinor?: number },
): Result<Payout, 'below_threshold'> {
  const { payoutId, now } = input;
  const payable = ledger.commissions.filter(
    (c) => effectiveCommissionState(c, now) === CommissionState.PAYABLE,
  );
  const open = ledger.adjustments.filter((a) => a.settledAt === null);
  const amountMinor = sum(payable.map((c) => c.amountMinor)) + sum(open.map((a) => a.amountMinor));
  if (payable.length === 0 || !isPayoutEligible(amountMinor, input.thresholdMinor))
    return err('below_threshold');

  const settled = new Set<Commission>(payable);
  const settling = new Set<CommissionAdjustment>(open);
  const times = [...payable.map((c) => c.earnedAt), ...open.map((a) => a.createdAt)];
  return ok({
    ledger: {
      commissions: ledger.commissions.map((c) =>
        settled.has(c) ? { ...c, state: CommissionState.SETTLED, settledAt: now, payoutId } : c,
      ),
      adjustments: ledger.adjustments.map((a) =>
        settling.has(a) ? { ...a, settledAt: now, payoutId } : a,
      ),
    },
    payoutId,
    amountMinor,
    currency: KOL_PAYOUT_CURRENCY,
    orderIds: [...new Set([...payable.map((c) => c.orderId), ...open.map((a) => a.orderId)])],
    period: { from: Math.min(...times), to: Math.max(...times) },
  });
}

/**
 * The earliest time a payout can be made, as of `now`: now when the payable amount already
 * reaches the threshold; otherwise the moment the pending commissions (released in the order of
 * their holding period's end) bring it there; null when even all pending earnings would not (the
 * KOL needs more commission first). Payouts are made by operations from that time on.
 */
export function nextPayoutAt(input: {
  readonly payableMinor: number;
  /** Pending commissions: amount and end of holding period. */
  readonly pending: readonly { readonly amountMinor: number; readonly payableAt: number }[];
  readonly now: number;
  readonly thresholdMinor?: number;
}): number | null {
  const threshold = input.thresholdMinor ?? KOL_PAYOUT_THRESHOLD_MINOR;
  let total = input.payableMinor;
  if (isPayoutEligible(total, threshold)) return input.now;
  const upcoming = [...input.pending].sort((a, b) => a.payableAt - b.payableAt);
  for (const c of upcoming) {
    total += c.amountMinor;
    if (isPayoutEligible(total, threshold)) return Math.max(input.now, c.payableAt);
  }
  return null;
}

/**
 * `nextPayoutAt` from the total of the pending commissions and only the first of them in the
 * order of their holding period's end (`first`, a prefix of that order): the same answer, or
 * undefined when the threshold is reached only past them (the caller reads them all). Pending
 * commissions only add to what is payable, so when all of them stay below the threshold the
 * answer is null without reading any.
 */
export function nextPayoutAtOfFirst(input: {
  readonly payableMinor: number;
  readonly pendingMinor: number;
  readonly first: readonly { readonly amountMinor: number; readonly payableAt: number }[];
  readonly now: number;
  readonly thresholdMinor?: number;
}): number | null | undefined {
  const threshold = input.thresholdMinor ?? KOL_PAYOUT_THRESHOLD_MINOR;
  if (isPayoutEligible(input.payableMinor, threshold)) return input.now;
  if (!isPayoutEligible(input.payableMinor + input.pendingMinor, threshold)) return null;
  return (
    nextPayoutAt({
      payableMinor: input.payableMinor,
      pending: input.first,
      now: input.now,
      thresholdMinor: threshold,
    }) ?? undefined
  );
}
