import {
  PLAN_DAYS_MAX,
  PLAN_DEVICES_MAX,
  PLAN_PRICE_MAX_MINOR,
  PROMO_MAX_USES,
  PROMO_MAX_USES_PER_USER,
  REDEEM_BATCH_MAX,
  REDEEM_MAX_USES,
} from '@nimbus/domain';
import { Type, type Static } from 'typebox';
import {
  PageNumber,
  Currency,
  NullableTimestamp,
  PAGE_SIZE_MAX,
  SearchPage,
  Timestamp,
} from '../schemas/common.ts';

/** The console's promo codes and redeem codes: listed and searched on the server (finance). */

const strict = { additionalProperties: false } as const;
const CodeText = Type.String({ minLength: 1, maxLength: 32 });
const CodeFilter = {
  /** Codes that start with this text (any case). */
  query: Type.Optional(Type.String({ maxLength: 32 })),
  /** Only the codes that still work (active) or only the disabled ones. */
  status: Type.Optional(Type.Enum(['active', 'inactive'])),
  page: PageNumber,
  pageSize: Type.Integer({ minimum: 1, maximum: PAGE_SIZE_MAX }),
};

export const AdminPromoRow = Type.Object({
  code: Type.String(),
  kind: Type.Enum(['percent', 'fixed']),
  /** Percent off, or minor units off in `currency`. */
  value: Type.Integer({ minimum: 0 }),
  currency: Type.Union([Currency, Type.Null()]),
  startsAt: NullableTimestamp,
  endsAt: NullableTimestamp,
  /** Orders holding the code (paid, or unpaid within their checkout window). */
  uses: Type.Integer({ minimum: 0 }),
  maxUses: Type.Union([Type.Integer({ minimum: 1 }), Type.Null()]),
  maxUsesPerUser: Type.Union([Type.Integer({ minimum: 1 }), Type.Null()]),
  /** The plans it applies to; null: every plan. */
  planIds: Type.Union([Type.Array(Type.String()), Type.Null()]),
  active: Type.Boolean(),
  createdAt: Timestamp,
});
export type AdminPromoRow = Static<typeof AdminPromoRow>;

export const AdminRedeemRow = Type.Object({
  code: Type.String(),
  type: Type.Enum(['standard', 'lite']),
  days: Type.Integer({ minimum: 1 }),
  devicesAllowed: Type.Integer({ minimum: 1 }),
  uses: Type.Integer({ minimum: 0 }),
  maxUses: Type.Integer({ minimum: 1 }),
  expiresAt: NullableTimestamp,
  active: Type.Boolean(),
  createdAt: Timestamp,
});
export type AdminRedeemRow = Static<typeof AdminRedeemRow>;

export const adminCodeSchemas = {
  adminPromoList: { request: Type.Object(CodeFilter, strict), response: SearchPage(AdminPromoRow) },
  adminPromoCreate: {
    request: Type.Object(
      {
        code: CodeText,
        /** Either a percentage off... */
        percent: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
        /** ...or an amount off, in minor units of `currency` (USD when absent). */
        amountMinor: Type.Optional(Type.Integer({ minimum: 1, maximum: PLAN_PRICE_MAX_MINOR })),
        currency: Type.Optional(Currency),
        startsAt: Type.Optional(Timestamp),
        endsAt: Type.Optional(Timestamp),
        maxUses: Type.Optional(Type.Integer({ minimum: 1, maximum: PROMO_MAX_USES })),
        maxUsesPerUser: Type.Optional(
          Type.Integer({ minimum: 1, maximum: PROMO_MAX_USES_PER_USER }),
        ),
        /** Plan ids it applies to; every plan when absent. */
        planIds: Type.Optional(
          Type.Array(Type.String({ pattern: '^[1-9][0-9]{0,6}$' }), { minItems: 1, maxItems: 50 }),
        ),
      },
      strict,
    ),
    response: Type.Object({ promo: AdminPromoRow }),
  },
  adminPromoDisable: {
    request: Type.Object({ code: CodeText }, strict),
    response: Type.Object({
      promo: AdminPromoRow,
      /** False when it was disabled already. */
      changed: Type.Boolean(),
    }),
  },
  adminRedeemList: {
    request: Type.Object(CodeFilter, strict),
    response: SearchPage(AdminRedeemRow),
  },
  adminRedeemCreate: {
    request: Type.Object(
      {
        type: Type.Enum(['standard', 'lite']),
        days: Type.Integer({ minimum: 1, maximum: PLAN_DAYS_MAX }),
        /** Standard 5, Lite 2 when absent. */
        devicesAllowed: Type.Optional(Type.Integer({ minimum: 1, maximum: PLAN_DEVICES_MAX })),
        /** Uses of each code, each user once; 1 when absent. */
        maxUses: Type.Optional(Type.Integer({ minimum: 1, maximum: REDEEM_MAX_USES })),
        /** How many codes; 1 when absent. */
        count: Type.Optional(Type.Integer({ minimum: 1, maximum: REDEEM_BATCH_MAX })),
        expiresAt: Type.Optional(Timestamp),
        /** A chosen code (the batch is that one code). */
        code: Type.Optional(CodeText),
      },
      strict,
    ),
    response: Type.Object({
      /** The codes made, shown (and downloadable) once in the console. */
      codes: Type.Array(Type.String()),
    }),
  },
  adminRedeemDisable: {
    request: Type.Object({ code: CodeText }, strict),
    response: Type.Object({ redeem: AdminRedeemRow, changed: Type.Boolean() }),
  },
} as const;
