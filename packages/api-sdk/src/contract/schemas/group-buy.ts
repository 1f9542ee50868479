import { Type, type Static } from 'typebox';
import { GroupBuyPaymentType, GroupBuyStatus } from '@nimbus/domain';
import {
  Currency,
  Id,
  MinorUnits,
  Money,
  NullableString,
  NullableTimestamp,
  Page,
  PageRequest,
  Timestamp,
} from './common.ts';
import { GroupBuySize, IdempotencyKey, OrderStatus, PaymentMethod } from './payment.ts';

/** A group buy (spec section 3, "Group buy"), as its creator, a member or a visitor sees it. */
export const GroupBuy = Type.Object({
  groupId: Id,
  productId: Id,
  productName: Type.String(),
  durationDays: Type.Integer({ minimum: 1 }),
  /** Masked, for example "ab***@gmail.com". */
  creator: Type.String(),
  createdAt: Timestamp,
  /** Joining ends here (the countdown); an unfilled group is then refunded or credited. */
  expireAt: Timestamp,
  finishAt: NullableTimestamp,
  membersJoined: Type.Integer({ minimum: 0 }),
  size: GroupBuySize,
  unitPriceMinor: MinorUnits,
  currency: Currency,
  devicesAllowed: Type.Integer({ minimum: 1 }),
  /** 0 unfinished, 1 finished. */
  status: Type.Enum(GroupBuyStatus),
  /** 0 the creator pays for all, 1 each member pays a share. */
  paymentType: Type.Enum(GroupBuyPaymentType),
  /** Joining is refused until the creator has paid (GROUP_CREATOR_NOT_PAID). */
  creatorPaid: Type.Boolean(),
  /** Path on the marketing site, for example /group-buying?groupId=G123. */
  inviteLink: Type.String(),
  /** The caller's part in the group; null for a visitor. */
  viewerRole: Type.Union([Type.Enum(['creator', 'member'] as const), Type.Null()]),
});
export type GroupBuy = Static<typeof GroupBuy>;

export const CreateGroupRequest = Type.Object(
  {
    productId: Id,
    size: GroupBuySize,
    paymentType: Type.Enum(GroupBuyPaymentType),
    paymentMethod: PaymentMethod,
    idempotencyKey: IdempotencyKey,
  },
  { additionalProperties: false },
);
/** The group and the creator's order: the full price (pay all) or one share (pay self). */
export const GroupOrderResponse = Type.Object({
  group: GroupBuy,
  orderId: Id,
  amount: Money,
  checkoutUrl: NullableString,
});

export const GroupIdRequest = Type.Object({ groupId: Id }, { additionalProperties: false });
export const JoinForPayRequest = Type.Object(
  { groupId: Id, paymentMethod: PaymentMethod, idempotencyKey: IdempotencyKey },
  { additionalProperties: false },
);

/** An order that belongs to a group buy (the group orders list). */
export const GroupBuyOrder = Type.Object({
  orderId: Id,
  groupId: Id,
  productName: Type.String(),
  role: Type.Enum(['creator', 'member'] as const),
  amount: Money,
  status: OrderStatus,
  createdAt: Timestamp,
});
export type GroupBuyOrder = Static<typeof GroupBuyOrder>;

/** The caller's group orders; with `groupId`, that group's (all of them for its creator). */
export const GroupOrdersRequest = Type.Object(
  { groupId: Type.Optional(Id), ...PageRequest.properties },
  { additionalProperties: false },
);

export const groupBuy = {
  paymentJointPurchase: { request: CreateGroupRequest, response: GroupOrderResponse },
  paymentJointJoinForPay: { request: JoinForPayRequest, response: GroupOrderResponse },
  /** Join a pay-all group whose creator has paid: membership without paying. */
  paymentJointJoin: { request: GroupIdRequest, response: GroupBuy },
  paymentJointPurchaseCreated: { request: PageRequest, response: Page(GroupBuy) },
  paymentJointPurchaseParticipated: { request: PageRequest, response: Page(GroupBuy) },
  paymentJointOrder: { request: GroupOrdersRequest, response: Page(GroupBuyOrder) },
  paymentJointDetail: { request: GroupIdRequest, response: GroupBuy },
} as const;
