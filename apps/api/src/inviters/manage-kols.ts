import { randomBytes } from 'node:crypto';
import {
  commissionSummary,
  commissionTotalsChange,
  effectiveCommissionState,
  KOL_PAYOUT_THRESHOLD_MINOR,
  payoutBlock,
  settlePayout,
  validateKolFirstPurchaseRate,
  validateTxHash,
  CommissionState,
  type CommissionSummary,
} from '@nimbus/domain';
import { findAnyUser, lockUser } from '../accounts/index.ts';
import { writeAudit, type Actor } from '../audit/index.ts';
import { notifyPayoutSent } from '../orders/index.ts';
import { isUniqueViolation, type Db } from '../db/database.ts';
import type { DialectName } from '../db/dialect.ts';
import {
  findKolState,
  hadKolAccount,
  listKolAccounts,
  saveKolRate,
  setKolFlag,
} from './kol-store.ts';
import { loadLedger } from './ledger.ts';
import {
  insertPayout,
  settleAdjustments,
  settleCommissions,
  type CommissionRow,
} from './ledger-store.ts';
import { addToKolTotals } from './kol-totals-store.ts';
import { findWallet } from './wallet-store.ts';
import { queueWebhookEvent } from '../webhooks/index.ts';

/**
 * What operations do with KOLs: mark a user as KOL with a rate, unmark, see what is payable,
 * record a payout. Each change is one transaction with its audit row, under the KOL's user lock
 * (the same lock the commission and clawback hooks take), and goes through the domain's rules.
 */

export type KolErrorCode =
  | 'user_not_found'
  | 'rate_out_of_range'
  | 'rate_not_whole_percent'
  | 'not_kol'
  | 'below_threshold'
  | 'no_wallet'
  | 'tx_hash_invalid'
  | 'tx_hash_used'
  | 'application_not_found'
  | 'application_not_pending'
  | 'reason_required'
  | 'text_too_long';

export class KolError extends Error {
  constructor(
    readonly code: KolErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'KolError';
  }
}

export interface Change {
  actor: Actor;
  now: number;
}

/** Marks a user as KOL with a first-purchase rate of 25-100 % (or changes the rate). */
export async function markKol(
  db: Db,
  dialect: DialectName,
  userId: number,
  ratePercent: number,
  change: Change,
): Promise<{ before: number | null; after: number }> {
  const rate = validateKolFirstPurchaseRate(ratePercent);
  if (!rate.ok) {
    throw new KolError(
      rate.error,
      rate.error === 'rate_out_of_range'
        ? `the rate must be from 25 to 100 (got ${ratePercent})`
        : `the rate must be a whole percentage (got ${ratePercent})`,
    );
  }
  return db.transaction().execute((trx) => markKolIn(trx, dialect, userId, rate.value, change));
}

/**
 * markKol inside the caller's transaction (approving an application), with a rate already
 * validated: takes the user's lock, sets the rate and the KOL flag, audits.
 */
export async function markKolIn(
  trx: Db,
  dialect: DialectName,
  userId: number,
  ratePercent: number,
  change: Change,
): Promise<{ before: number | null; after: number }> {
  await lockUser(trx, dialect, userId);
  const user = await findKolState(trx, userId);
  if (!user) throw new KolError('user_not_found', `no user ${userId}`);
  const before = user.is_kol === 1 ? user.rate_percent : null;
  await saveKolRate(trx, userId, ratePercent, user.rate_percent !== null, change.now);
  await writeAudit(trx, {
    actor: change.actor,
    action: 'kol.marked',
    subjectType: 'user',
    subjectId: userId,
    data: { ratePercentBefore: before, ratePercent },
    at: change.now,
  });
  return { before, after: ratePercent };
}

/**
 * Ends the programme for a user: no commission on later orders. Commissions already earned stay
 * and are still paid out.
 */
export async function unmarkKol(
  db: Db,
  dialect: DialectName,
  userId: number,
  change: Change,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    await lockUser(trx, dialect, userId);
    const user = await findAnyUser(trx, { column: 'id', key: userId });
    if (!user) throw new KolError('user_not_found', `no user ${userId}`);
    if (user.is_kol !== 1) return false;
    await setKolFlag(trx, userId, false, change.now);
    await writeAudit(trx, {
      actor: change.actor,
      action: 'kol.unmarked',
      subjectType: 'user',
      subjectId: userId,
      data: {},
      at: change.now,
    });
    return true;
  });
}

export interface KolBalance {
  userId: number;
  account: string;
  isKol: boolean;
  ratePercent: number;
  summary: CommissionSummary;
  /** The commissions past their holding period, not yet paid out. */
  payable: CommissionRow[];
}

/** Every KOL (past or present) with their balances as of `now`, or one of them. */
export async function kolBalances(db: Db, now: number, userId?: number): Promise<KolBalance[]> {
  const kols = await listKolAccounts(db, userId);
  const balances: KolBalance[] = [];
  for (const kol of kols) {
    const { ledger, commissions } = await loadLedger(db, kol.id);
    const byOrder = new Map(commissions.map((c) => [c.order_public_id, c]));
    balances.push({
      userId: kol.id,
      account: kol.email ?? kol.phone ?? kol.username_display ?? `#${kol.id}`,
      isKol: kol.is_kol === 1,
      ratePercent: kol.rate_percent,
      summary: commissionSummary(ledger, now, KOL_PAYOUT_THRESHOLD_MINOR),
      payable: ledger.commissions
        .filter((c) => effectiveCommissionState(c, now) === CommissionState.PAYABLE)
        .map((c) => byOrder.get(c.orderId))
        .filter((c): c is CommissionRow => c !== undefined),
    });
  }
  return balances;
}

export interface PayoutRecord {
  payoutId: string;
  kolId: number;
  amountMinor: number;
  currency: string;
  periodStart: number;
  periodEnd: number;
  txHash: string | null;
  /** The wallet in force when the payout was made (null when the KOL had none). */
  wallet: { network: string; address: string } | null;
  orderIds: readonly string[];
}

const PAYOUT_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const newPayoutId = () => {
  let id = 'P';
  for (const b of randomBytes(12)) id += PAYOUT_ALPHABET.charAt(b & 31);
  return id;
};

/**
 * Records that operations paid a KOL (the transfer's hash, when paid on chain) to the payout
 * wallet in force now, which the payout row keeps (a later change does not rewrite it): the domain
 * settles every payable commission and every open adjustment in one payout, refused below the
 * $100 threshold, and refused for a KOL without a payout wallet (a payout names the wallet it
 * went to). The payout row, the settled commissions and adjustments and the audit row are
 * one transaction; a transaction hash can be recorded once.
 */
export async function recordPayout(
  db: Db,
  dialect: DialectName,
  kolId: number,
  txHash: string | null,
  change: Change,
): Promise<PayoutRecord> {
  let hash: string | null = null;
  if (txHash !== null) {
    const valid = validateTxHash(txHash);
    if (!valid.ok)
      throw new KolError(
        'tx_hash_invalid',
        `not a transaction hash: ${txHash} (0x and 64 hex digits)`,
      );
    hash = valid.value;
  }
  try {
    return await db.transaction().execute(async (trx) => {
      await lockUser(trx, dialect, kolId);
      if (!(await hadKolAccount(trx, kolId)))
        throw new KolError('not_kol', `user ${kolId} has never been a KOL`);
      const { ledger } = await loadLedger(trx, kolId);
      const wallet = await findWallet(trx, kolId);
      const { payableMinor } = commissionSummary(ledger, change.now, KOL_PAYOUT_THRESHOLD_MINOR);
      const belowThreshold = () =>
        new KolError(
          'below_threshold',
          `payable ${payableMinor} is below the payout threshold of ${KOL_PAYOUT_THRESHOLD_MINOR} (minor units of USD)`,
        );
      const block = payoutBlock(payableMinor, wallet !== undefined, KOL_PAYOUT_THRESHOLD_MINOR);
      if (block === 'below_threshold') throw belowThreshold();
      if (block === 'no_wallet')
        throw new KolError(
          'no_wallet',
          `KOL ${kolId} has no payout wallet: they add one on the KOL dashboard before a payout is recorded`,
        );
      const payoutId = newPayoutId();
      const settled = settlePayout(ledger, {
        payoutId,
        now: change.now,
        thresholdMinor: KOL_PAYOUT_THRESHOLD_MINOR,
      });
      if (!settled.ok) throw belowThreshold();
      const payout = settled.value;
      const payoutRowId = await insertPayout(trx, {
        public_id: payoutId,
        kol_id: kolId,
        amount_minor: payout.amountMinor,
        currency: payout.currency,
        period_start: payout.period.from,
        period_end: payout.period.to,
        tx_hash: hash,
        paid_at: change.now,
        actor: change.actor,
        wallet_network: wallet?.network ?? null,
        wallet_address: wallet?.address ?? null,
      });
      const commissionOrders = payout.ledger.commissions
        .filter((c) => c.payoutId === payoutId)
        .map((c) => c.orderId);
      const adjustmentOrders = payout.ledger.adjustments
        .filter((a) => a.payoutId === payoutId)
        .map((a) => a.orderId);
      if (commissionOrders.length > 0)
        await settleCommissions(trx, kolId, commissionOrders, { id: payoutRowId, now: change.now });
      if (adjustmentOrders.length > 0)
        await settleAdjustments(trx, kolId, adjustmentOrders, { id: payoutRowId, now: change.now });
      await addToKolTotals(trx, kolId, {
        ...commissionTotalsChange(ledger, payout.ledger),
        payouts: 1,
      });
      await writeAudit(trx, {
        actor: change.actor,
        action: 'kol.payout',
        subjectType: 'user',
        subjectId: kolId,
        data: {
          payoutId,
          amountMinor: payout.amountMinor,
          currency: payout.currency,
          txHash: hash,
          wallet: wallet ? { network: wallet.network, address: wallet.address } : null,
          period: payout.period,
          orderIds: payout.orderIds,
        },
        at: change.now,
      });
      await queueWebhookEvent(trx, {
        type: 'kol.payout.sent',
        data: {
          payoutId,
          kolId: String(kolId),
          amountMinor: payout.amountMinor,
          currency: payout.currency,
          txHash: hash,
          walletNetwork: wallet?.network ?? null,
          walletAddress: wallet?.address ?? null,
          periodStart: payout.period.from,
          periodEnd: payout.period.to,
        },
        now: change.now,
      });
      await notifyPayoutSent(trx, {
        kolId,
        amountMinor: payout.amountMinor,
        currency: payout.currency,
        wallet: wallet ?? null,
        txHash: hash,
        now: change.now,
      });
      return {
        payoutId,
        kolId,
        amountMinor: payout.amountMinor,
        currency: payout.currency,
        periodStart: payout.period.from,
        periodEnd: payout.period.to,
        txHash: hash,
        wallet: wallet ? { network: wallet.network, address: wallet.address } : null,
        orderIds: payout.orderIds,
      };
    });
  } catch (error) {
    if (isUniqueViolation(error))
      throw new KolError(
        'tx_hash_used',
        `transaction ${hash ?? ''} is already recorded for a payout`,
      );
    throw error;
  }
}
