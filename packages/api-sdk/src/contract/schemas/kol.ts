import { Type, type Static } from 'typebox';
import {
  KOL_APPLICATION_AUDIENCE_MAX_LENGTH,
  KOL_APPLICATION_LINK_MAX_LENGTH,
  KOL_APPLICATION_LINKS_MAX,
  KolApplicationStatus,
  PASSWORD_MAX_LENGTH,
  PAYOUT_NETWORK_IDS,
} from '@nimbus/domain';
import { Id, NullableString, NullableTimestamp, Timestamp } from './common.ts';
import { Code } from './user.ts';

/**
 * A payout wallet as typed: the network id (domain `PAYOUT_NETWORKS`) and the address. The
 * schema bounds the sizes; the domain's rules (known network, EVM address) answer
 * VALIDATION_FAILED with their message key.
 */
export const PayoutWalletInput = Type.Object(
  {
    network: Type.String({ maxLength: 32 }),
    address: Type.String({ maxLength: 100 }),
  },
  { additionalProperties: false },
);

/** The wallet in force: payouts made from now on go to it. */
export const PayoutWallet = Type.Object({
  network: Type.Enum(PAYOUT_NETWORK_IDS),
  address: Type.String(),
  updatedAt: Timestamp,
});
export type PayoutWallet = Static<typeof PayoutWallet>;

/** A member's application to the affiliate (KOL) programme. */
export const KolApplication = Type.Object({
  id: Id,
  status: Type.Enum(KolApplicationStatus),
  links: Type.Array(Type.String()),
  audience: Type.String(),
  wallet: Type.Object({ network: Type.Enum(PAYOUT_NETWORK_IDS), address: Type.String() }),
  submittedAt: Timestamp,
  decidedAt: NullableTimestamp,
  /** Why it was declined (shown to the member); null otherwise. */
  declineReason: NullableString,
});
export type KolApplication = Static<typeof KolApplication>;

/** The member's standing in the programme: their latest application and whether they may apply. */
export const KolApplicationState = Type.Object({
  isKol: Type.Boolean(),
  /** The latest application, or null when they never applied. */
  application: Type.Union([KolApplication, Type.Null()]),
  /** True when a new application would be accepted (not a KOL, none pending). */
  canApply: Type.Boolean(),
  /** Applications are approved at once (the programme's automatic approval is on). */
  autoApprove: Type.Boolean(),
});
export type KolApplicationState = Static<typeof KolApplicationState>;

export const KolApplyRequest = Type.Object(
  {
    links: Type.Array(Type.String({ maxLength: KOL_APPLICATION_LINK_MAX_LENGTH }), {
      maxItems: KOL_APPLICATION_LINKS_MAX * 2,
    }),
    audience: Type.String({ maxLength: KOL_APPLICATION_AUDIENCE_MAX_LENGTH * 2 }),
    wallet: PayoutWalletInput,
  },
  { additionalProperties: false },
);

/** A KOL changes the payout wallet, confirmed by the password or a code (purpose payout_wallet). */
export const KolWalletUpdateRequest = Type.Object(
  {
    wallet: PayoutWalletInput,
    password: Type.Optional(Type.String({ minLength: 1, maxLength: PASSWORD_MAX_LENGTH })),
    code: Type.Optional(Code),
  },
  { additionalProperties: false },
);

export const kol = {
  systemKolApplication: {
    request: Type.Object({}, { additionalProperties: false }),
    response: KolApplicationState,
  },
  systemKolApply: { request: KolApplyRequest, response: KolApplicationState },
  systemKolWalletUpdate: { request: KolWalletUpdateRequest, response: PayoutWallet },
} as const;
