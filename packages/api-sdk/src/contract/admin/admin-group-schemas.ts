import { SUSPENSION_REASON_MAX } from '@nimbus/domain';
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

/** The console's group buys: list and filter on the server, one group, close with refunds. */

const strict = { additionalProperties: false } as const;

/** open: taking members; waiting: past its end, unfinished, not yet closed by the jobs. */
export const ADMIN_GROUP_STATES = ['open', 'waiting', 'finished', 'closed'] as const;
export type AdminGroupState = (typeof ADMIN_GROUP_STATES)[number];

export const AdminGroupRow = Type.Object({
  groupId: Id,
  creatorId: Id,
  creatorAccount: Type.String(),
  product: Type.String(),
  size: Type.Integer(),
  /** 0 pay-all (the creator pays every seat), 1 pay-self (each pays a share). */
  paymentType: Type.Integer(),
  unitPriceMinor: MinorUnits,
  currency: Currency,
  /** The creator and every friend who took a seat for good. */
  joined: Type.Integer(),
  state: Type.Enum([...ADMIN_GROUP_STATES]),
  createdAt: Timestamp,
  expiresAt: Timestamp,
  finishedAt: NullableTimestamp,
  closedAt: NullableTimestamp,
});
export type AdminGroupRow = Static<typeof AdminGroupRow>;

const GroupId = Type.String({ minLength: 1, maxLength: 64 });

export const adminGroupSchemas = {
  adminGroupList: {
    request: Type.Object(
      {
        /** A group id (G...). */
        groupId: Type.Optional(GroupId),
        /** The creator's user id. */
        creatorId: Type.Optional(Id),
        state: Type.Optional(Type.Enum([...ADMIN_GROUP_STATES])),
        page: PageNumber,
        pageSize: Type.Integer({ minimum: 1, maximum: PAGE_SIZE_MAX }),
      },
      strict,
    ),
    response: SearchPage(AdminGroupRow),
  },
  adminGroupDetail: {
    request: Type.Object({ groupId: GroupId }, strict),
    response: Type.Object({
      group: AdminGroupRow,
      members: Type.Array(
        Type.Object({
          userId: Id,
          account: Type.String(),
          /** creator or member. */
          role: Type.String(),
          /** pending (share unpaid, seat held), joined, released, refunded. */
          status: Type.String(),
          seat: Type.Union([Type.Integer(), Type.Null()]),
          orderId: NullableString,
          amountMinor: Type.Union([MinorUnits, Type.Null()]),
          joinedAt: Timestamp,
          paidAt: NullableTimestamp,
        }),
      ),
      refunds: Type.Array(
        Type.Object({
          orderId: Id,
          /** group_expired, group_closed, late_payment. */
          reason: Type.String(),
          /** due, processing, done. */
          status: Type.String(),
          createdAt: Timestamp,
          doneAt: NullableTimestamp,
        }),
      ),
    }),
  },
  adminGroupClose: {
    request: Type.Object(
      {
        groupId: GroupId,
        reason: Type.String({ minLength: 1, maxLength: SUSPENSION_REASON_MAX }),
      },
      strict,
    ),
    response: Type.Object({
      group: AdminGroupRow,
      /** Paid shares queued for refund (the scheduled jobs return the money). */
      refundsQueued: Type.Integer({ minimum: 0 }),
    }),
  },
} as const;
