import { ADJUSTMENT_DAYS_MAX, SUSPENSION_REASON_MAX } from '@nimbus/domain';
import { Type, type Static } from 'typebox';
import {
  PageNumber,
  Currency,
  Id,
  MinorUnits,
  NullableString,
  NullableTimestamp,
  SearchPage,
  PAGE_SIZE_MAX,
  Timestamp,
} from '../schemas/common.ts';
import { TrafficQuotaStatus } from '../schemas/nodes.ts';
import { AccountName, AuthChannel, Password } from '../schemas/user.ts';
import { GbAsked } from './admin-plan-schemas.ts';

/** The console's users screen: search, detail and the changes support makes. */

const strict = { additionalProperties: false } as const;
const Reason = Type.String({ minLength: 1, maxLength: SUSPENSION_REASON_MAX });

export const AdminUserRow = Type.Object({
  userId: Id,
  /** E-mail, else phone, else username: how support names the account. */
  account: Type.String(),
  email: NullableString,
  phone: NullableString,
  username: NullableString,
  inviteCode: Type.String(),
  registeredAt: Timestamp,
  standardExpiresAt: NullableTimestamp,
  liteExpiresAt: NullableTimestamp,
  suspendedAt: NullableTimestamp,
  suspensionReason: NullableString,
  deleted: Type.Boolean(),
});
export type AdminUserRow = Static<typeof AdminUserRow>;

export const AdminAuditRow = Type.Object({
  id: Id,
  actor: Type.String(),
  action: Type.String(),
  subjectType: Type.String(),
  subjectId: Type.String(),
  /** The row's facts as JSON text. */
  data: Type.String(),
  at: Timestamp,
});
export type AdminAuditRow = Static<typeof AdminAuditRow>;

export const AdminOrderRow = Type.Object({
  orderId: Id,
  userId: Id,
  kind: Type.String(),
  product: Type.String(),
  status: Type.String(),
  amountMinor: MinorUnits,
  currency: Currency,
  method: Type.String(),
  provider: Type.String(),
  createdAt: Timestamp,
  paidAt: NullableTimestamp,
  refundedAt: NullableTimestamp,
});
export type AdminOrderRow = Static<typeof AdminOrderRow>;

const UserId = Type.Object({ userId: Id }, strict);

export const adminUserSchemas = {
  adminUserSearch: {
    request: Type.Object(
      {
        /** A user id, e-mail, phone (+country code), username or invite code; empty lists all. */
        query: Type.Optional(Type.String({ maxLength: 254 })),
        suspendedOnly: Type.Optional(Type.Boolean()),
        page: PageNumber,
        pageSize: Type.Integer({ minimum: 1, maximum: PAGE_SIZE_MAX }),
      },
      strict,
    ),
    response: SearchPage(AdminUserRow),
  },
  adminUserDetail: {
    request: UserId,
    response: Type.Object({
      user: AdminUserRow,
      /** When the account was deleted (its personal data erased); null while it exists. */
      deletedAt: NullableTimestamp,
      devicesAllowed: Type.Integer(),
      /** The member's traffic quota this cycle; null: no quota (no limit). */
      traffic: Type.Union([TrafficQuotaStatus, Type.Null()]),
      membership: Type.Object({
        /** Whether any plan's time runs now (domain hasActiveMembership). */
        active: Type.Boolean(),
        /** A yearly plan was paid: the benefits (shared accounts) until benefitsExpiresAt. */
        yearlyPaidUser: Type.Boolean(),
        benefitsExpiresAt: NullableTimestamp,
        /** The third-party client subscription switch. */
        thirdPartyEnabled: Type.Boolean(),
      }),
      inviterId: Type.Union([Id, Type.Null()]),
      devices: Type.Array(
        Type.Object({
          id: Id,
          /** The device's own identifier (what the app sends when it binds). */
          key: Type.String(),
          name: Type.String(),
          platform: Type.String(),
          system: Type.String(),
          version: Type.String(),
          boundAt: Timestamp,
          lastSeenAt: NullableTimestamp,
        }),
      ),
      sessions: Type.Array(
        Type.Object({ createdAt: Timestamp, expiresAt: Timestamp, deviceBound: Type.Boolean() }),
      ),
      orders: Type.Object({ total: Type.Integer(), recent: Type.Array(AdminOrderRow) }),
      invitations: Type.Object({
        total: Type.Integer(),
        recent: Type.Array(
          Type.Object({ userId: Id, account: Type.String(), registeredAt: Timestamp }),
        ),
      }),
      groupBuys: Type.Integer(),
      kol: Type.Union([
        Type.Object({
          isKol: Type.Boolean(),
          ratePercent: Type.Number(),
          pendingMinor: MinorUnits,
          payableMinor: MinorUnits,
          settledMinor: MinorUnits,
          currency: Currency,
        }),
        Type.Null(),
      ]),
      audit: Type.Array(AdminAuditRow),
    }),
  },
  adminUserSuspend: {
    request: Type.Object({ userId: Id, reason: Reason }, strict),
    response: Type.Object({ user: AdminUserRow }),
  },
  adminUserReinstate: {
    request: Type.Object({ userId: Id, reason: Reason }, strict),
    response: Type.Object({ user: AdminUserRow }),
  },
  adminUserRevokeSessions: {
    request: UserId,
    response: Type.Object({ revoked: Type.Integer({ minimum: 0 }) }),
  },
  adminUserUnbindDevice: {
    request: Type.Object({ userId: Id, deviceId: Id }, strict),
    response: Type.Object({ deviceId: Id }),
  },
  adminUserAdjustTime: {
    request: Type.Object(
      {
        userId: Id,
        plan: Type.Enum(['standard', 'lite']),
        /** Days to add (positive) or take away (negative), never 0. */
        days: Type.Integer({ minimum: -ADJUSTMENT_DAYS_MAX, maximum: ADJUSTMENT_DAYS_MAX }),
        reason: Reason,
      },
      strict,
    ),
    response: Type.Object({ user: AdminUserRow }),
  },
  /**
   * Makes a member account (a reseller's shop, through a scoped token; support): username, e-mail
   * or phone with a password, no verification code (the operator vouches for it), no inviter.
   */
  adminUserCreate: {
    request: Type.Object(
      {
        channel: AuthChannel,
        account: AccountName,
        password: Password,
        language: Type.Optional(Type.Enum(['en', 'zh-CN'])),
      },
      strict,
    ),
    response: Type.Object({ userId: Id }),
  },
  adminUserTopUp: {
    request: Type.Object(
      {
        userId: Id,
        /** Whole GB added to the cycle running now (checked by the domain rule, localised). */
        gb: GbAsked,
        reason: Reason,
      },
      strict,
    ),
    response: Type.Object({ traffic: TrafficQuotaStatus }),
  },
  adminUserChangeContact: {
    request: Type.Object(
      {
        userId: Id,
        /** Which sign-in address: the e-mail address or the phone number (+country code). */
        field: Type.Enum(['email', 'phone']),
        /** The new address as typed; the server validates and normalises it as registration does. */
        value: Type.String({ maxLength: 254 }),
        reason: Reason,
      },
      strict,
    ),
    response: Type.Object({
      user: AdminUserRow,
      /** The user's sessions that ended (every one: the sign-in address changed). */
      sessionsEnded: Type.Integer({ minimum: 0 }),
      /** Whether the old e-mail address (a phone change: the account's e-mail) was told. */
      notified: Type.Boolean(),
    }),
  },
} as const;
