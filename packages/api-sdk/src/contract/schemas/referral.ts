import { Type, type Static } from 'typebox';
import {
  CommissionPurchaseType,
  CommissionSettlement,
  KolTab,
  ReferralStatus,
} from '@nimbus/domain';
import {
  Currency,
  Id,
  MinorUnits,
  NullableString,
  NullableTimestamp,
  Page,
  PageRequest,
  Percent,
  Timestamp,
} from './common.ts';
import { PayoutWallet } from './kol.ts';

/** A friend the user invited (spec section 3, "Invitation record"). */
export const InvitationRecord = Type.Object({
  date: Timestamp,
  /** Masked, for example "ab***@gmail.com". */
  invitee: Type.String(),
  /** The friend's first purchase; null while the friend has not bought. */
  productName: NullableString,
  /**
   * Membership time the inviter received and kept (0 when the inviter had no active membership, or
   * it was reversed).
   */
  bonusSeconds: Type.Integer({ minimum: 0 }),
  /**
   * True when the friend's purchase was refunded and the bonus time taken back. The server
   * always sends it; optional so that answers of older servers still read.
   */
  bonusReversed: Type.Optional(Type.Boolean()),
});
export type InvitationRecord = Static<typeof InvitationRecord>;

export const InvitationRecordsResponse = Type.Object({
  ...Page(InvitationRecord).properties,
  /** Bonus time kept over every record (reversed bonuses not counted). */
  totalBonusSeconds: Type.Integer({ minimum: 0 }),
});

/** Commission on a referred user's purchase, on the amount actually paid. */
export const CommissionRecord = Type.Object({
  referredUid: Id,
  /** The product bought. */
  package: Type.String(),
  amountPaidMinor: MinorUnits,
  currency: Currency,
  /** 0 first purchase, 1 renewal. */
  type: Type.Enum(CommissionPurchaseType),
  referRate: Percent,
  referAmountMinor: MinorUnits,
  /** 0 unsettled, 1 settled. */
  status: Type.Enum(CommissionSettlement),
  date: Timestamp,
});
export type CommissionRecord = Static<typeof CommissionRecord>;

export const SettlementRecord = Type.Object({
  payoutDate: Timestamp,
  periodStart: Timestamp,
  periodEnd: Timestamp,
  amountMinor: MinorUnits,
  currency: Currency,
  /** The payout transfer; null for a payout not made on chain. */
  txHash: NullableString,
  /**
   * The wallet the payout was sent to (the one in force when it was made) and its network
   * (domain `PAYOUT_NETWORKS`); null for a payout made before wallets were recorded. Optional
   * so that answers of older servers still read.
   */
  walletNetwork: Type.Optional(NullableString),
  walletAddress: Type.Optional(NullableString),
});
export type SettlementRecord = Static<typeof SettlementRecord>;

export const InvitationDetail = Type.Object({
  referredUid: Id,
  referralDate: Timestamp,
  /** 0 registered, 1 paid. */
  status: Type.Enum(ReferralStatus),
});
export type InvitationDetail = Static<typeof InvitationDetail>;

export const KolSummary = Type.Object({
  inviteCode: Type.String(),
  inviteLink: Type.String(),
  firstPurchaseRatePercent: Percent,
  renewalRatePercent: Percent,
  currency: Currency,
  /** Earned but still in the holding (refund) period. */
  pendingMinor: MinorUnits,
  /** Past the holding period, paid out once it reaches the threshold. */
  payableMinor: MinorUnits,
  /** Everything paid out so far. */
  settledMinor: MinorUnits,
  payoutThresholdMinor: MinorUnits,
  /**
   * Days a commission is held (the refund window, the server's KOL_HOLDING_DAYS) before it is
   * payable. Optional so that answers of older servers still read.
   */
  holdingDays: Type.Optional(Type.Integer({ minimum: 0 })),
  /**
   * The earliest time a payout can be made (domain `nextPayoutAt`): now when the payable amount
   * reached the threshold, the end of a holding period when pending commission will bring it
   * there, null when more commission is needed first.
   */
  nextPayoutAt: Type.Optional(NullableTimestamp),
  /** The payout wallet in force; null until one is set. */
  wallet: Type.Optional(Type.Union([PayoutWallet, Type.Null()])),
  invitedCount: Type.Integer({ minimum: 0 }),
  paidCount: Type.Integer({ minimum: 0 }),
});
export type KolSummary = Static<typeof KolSummary>;

export const AffiliateRequest = Type.Object(
  {
    /** commission when absent. */ tab: Type.Optional(Type.Enum(KolTab)),
    ...PageRequest.properties,
    /**
     * Only records dated from `from` (inclusive) to `to` (exclusive), UTC ms: a commission by
     * its date, a settlement by its payout date, an invitation by its referral date (the CSV
     * export of a range).
     */
    from: Type.Optional(Timestamp),
    to: Type.Optional(Timestamp),
  },
  { additionalProperties: false },
);
/** A user who is not a KOL gets `{ isKol: false }` (the "You're not a KOL yet" screen). */
export const AffiliateResponse = Type.Union([
  Type.Object({ isKol: Type.Literal(false) }),
  Type.Object({
    isKol: Type.Literal(true),
    summary: KolSummary,
    tab: Type.Literal('commission'),
    records: Page(CommissionRecord),
  }),
  Type.Object({
    isKol: Type.Literal(true),
    summary: KolSummary,
    tab: Type.Literal('settlement'),
    records: Page(SettlementRecord),
  }),
  Type.Object({
    isKol: Type.Literal(true),
    summary: KolSummary,
    tab: Type.Literal('invitation'),
    records: Page(InvitationDetail),
  }),
]);
export type AffiliateResponse = Static<typeof AffiliateResponse>;

export const referral = {
  systemInvitationRecords: { request: PageRequest, response: InvitationRecordsResponse },
  systemAffiliate: { request: AffiliateRequest, response: AffiliateResponse },
} as const;
