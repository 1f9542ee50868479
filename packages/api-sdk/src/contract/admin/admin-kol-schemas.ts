import {
  KOL_DECLINE_REASON_MAX_LENGTH,
  KOL_FIRST_PURCHASE_RATE_MAX_PERCENT,
  KOL_FIRST_PURCHASE_RATE_MIN_PERCENT,
  KolApplicationStatus,
} from '@nimbus/domain';
import { Type, type Static } from 'typebox';
import {
  PageNumber,
  Currency,
  Id,
  MinorUnits,
  NullableString,
  NullableTimestamp,
  Page,
  SearchPage,
  PAGE_SIZE_MAX,
  Timestamp,
} from '../schemas/common.ts';
import { KolApplication } from '../schemas/kol.ts';

/** The console's KOL screens (finance): accounts and balances, applications, rate, payouts. */

const strict = { additionalProperties: false } as const;
const Paging = {
  page: PageNumber,
  pageSize: Type.Integer({ minimum: 1, maximum: PAGE_SIZE_MAX }),
};
const Rate = Type.Integer({
  minimum: KOL_FIRST_PURCHASE_RATE_MIN_PERCENT,
  maximum: KOL_FIRST_PURCHASE_RATE_MAX_PERCENT,
});
const Wallet = Type.Object({ network: Type.String(), address: Type.String() });

/** A KOL (past or present) with the domain's commission summary as of now. */
export const AdminKolRow = Type.Object({
  userId: Id,
  account: Type.String(),
  /** In the programme now (a former KOL's earned commission is still paid out). */
  isKol: Type.Boolean(),
  ratePercent: Type.Integer(),
  pendingMinor: MinorUnits,
  payableMinor: MinorUnits,
  settledMinor: MinorUnits,
  currency: Currency,
  /** Payable reaches the payout threshold: a payout can be recorded now. */
  payoutEligible: Type.Boolean(),
  thresholdMinor: MinorUnits,
});
export type AdminKolRow = Static<typeof AdminKolRow>;

export const AdminKolCommission = Type.Object({
  orderId: Id,
  referredUserId: Id,
  paidMinor: MinorUnits,
  ratePercent: Type.Number(),
  amountMinor: MinorUnits,
  currency: Currency,
  /** pending, payable, settled or clawed_back, as of now. */
  state: Type.String(),
  earnedAt: Timestamp,
  payableAt: Timestamp,
  settledAt: NullableTimestamp,
});

export const AdminKolPayout = Type.Object({
  payoutId: Id,
  amountMinor: MinorUnits,
  currency: Currency,
  periodStart: Timestamp,
  periodEnd: Timestamp,
  txHash: NullableString,
  wallet: Type.Union([Wallet, Type.Null()]),
  paidAt: Timestamp,
  /** Who recorded it (operator:3, ops:alice). */
  actor: Type.String(),
});
export type AdminKolPayout = Static<typeof AdminKolPayout>;

export const AdminKolApplicationRow = Type.Intersect([
  KolApplication,
  Type.Object({ userId: Id, account: Type.String() }),
]);
export type AdminKolApplicationRow = Static<typeof AdminKolApplicationRow>;

const KolId = Type.Object({ userId: Id }, strict);

export const adminKolSchemas = {
  adminKolList: {
    request: Type.Object(
      {
        /** A user id, e-mail, phone (+country code), username or invite code. */
        query: Type.Optional(Type.String({ maxLength: 254 })),
        /** Only KOLs in the programme now (true) or only former ones (false). */
        active: Type.Optional(Type.Boolean()),
        /** Only KOLs with a commission past its holding period, not yet paid out. */
        payableOnly: Type.Optional(Type.Boolean()),
        ...Paging,
      },
      strict,
    ),
    response: SearchPage(AdminKolRow),
  },
  adminKolDetail: {
    request: KolId,
    response: Type.Object({
      kol: AdminKolRow,
      /** The payout wallet in force. */
      wallet: Type.Union([Wallet, Type.Null()]),
      commissions: Type.Object({
        total: Type.Integer(),
        recent: Type.Array(AdminKolCommission),
      }),
      payouts: Type.Object({ total: Type.Integer(), recent: Type.Array(AdminKolPayout) }),
    }),
  },
  adminKolSetRate: {
    request: Type.Object({ userId: Id, ratePercent: Rate }, strict),
    response: Type.Object({ kol: AdminKolRow }),
  },
  adminKolApplications: {
    request: Type.Object(
      { status: Type.Optional(Type.Enum(Object.values(KolApplicationStatus))), ...Paging },
      strict,
    ),
    response: Page(AdminKolApplicationRow),
  },
  adminKolApprove: {
    request: Type.Object({ applicationId: Id, ratePercent: Type.Optional(Rate) }, strict),
    response: Type.Object({ application: AdminKolApplicationRow }),
  },
  adminKolDecline: {
    request: Type.Object(
      {
        applicationId: Id,
        reason: Type.String({ minLength: 1, maxLength: KOL_DECLINE_REASON_MAX_LENGTH }),
      },
      strict,
    ),
    response: Type.Object({ application: AdminKolApplicationRow }),
  },
  adminKolPayout: {
    request: Type.Object(
      {
        userId: Id,
        /** The transfer's EVM transaction hash (0x and 64 hex digits); recorded once. */
        txHash: Type.String({ minLength: 1, maxLength: 80 }),
      },
      strict,
    ),
    response: Type.Object({ payout: AdminKolPayout, kol: AdminKolRow }),
  },
} as const;
