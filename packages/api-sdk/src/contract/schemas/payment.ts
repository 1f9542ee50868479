import { Type, type Static } from 'typebox';
import { GROUP_BUY_SIZES, ShopGroupType } from '@nimbus/domain';
import {
  Currency,
  Id,
  MinorUnits,
  Money,
  NullableString,
  NullableTimestamp,
  Page,
  PageRequest,
  Percent,
  Timestamp,
  TimestampOrZero,
} from './common.ts';

/** Payment methods the shop can offer; the client config lists those offered now. */
export const PaymentMethod = Type.Enum(['card', 'alipay', 'wechat', 'paypal', 'crypto'] as const);
export type PaymentMethod = Static<typeof PaymentMethod>;

/** Life of an order. Membership is granted once, on the move to `paid`. */
export const OrderStatus = Type.Enum([
  'pending',
  'paid',
  'failed',
  'expired',
  'refunded',
  'cancelled',
] as const);
export type OrderStatus = Static<typeof OrderStatus>;

export const GroupBuySize = Type.Enum(GROUP_BUY_SIZES);

/**
 * A plan of the goods list (spec section 3, "Plan"). Prices are what the server charges; the
 * client only displays them, and a purchase names the product, never a price.
 */
export const Plan = Type.Object({
  productId: Id,
  /** 1 standard, 2 lite. */
  groupType: Type.Enum(ShopGroupType),
  name: Type.String(),
  durationDays: Type.Integer({ minimum: 1 }),
  priceMinor: MinorUnits,
  originalPriceMinor: MinorUnits,
  currency: Currency,
  savingsMinor: MinorUnits,
  discountPercent: Percent,
  devicesAllowed: Type.Integer({ minimum: 1 }),
  /** The plan the pricing page selects first. */
  recommended: Type.Boolean(),
  /** Per-person price when bought as a group of 2 or 3; empty when not sold as a group. */
  groupBuy: Type.Array(Type.Object({ size: GroupBuySize, unitPriceMinor: MinorUnits })),
});
export type Plan = Static<typeof Plan>;
/** The spec calls the plan list the goods list. */
export const Goods = Plan;
export type Goods = Plan;

export const ShopRequest = Type.Object(
  {
    /** Only this family (1 Standard, 2 Lite, also as the strings '1' and '2'); both when absent. */
    groupType: Type.Optional(Type.Enum([1, 2, '1', '2'] as const)),
  },
  { additionalProperties: false },
);
export const ShopResponse = Type.Object({ items: Type.Array(Plan) });

/** Unique per purchase attempt (a UUID): a repeated click or retry creates no second order. */
export const IdempotencyKey = Type.String({
  minLength: 16,
  maxLength: 64,
  pattern: '^[A-Za-z0-9_-]+$',
});
const PromoCode = Type.String({ minLength: 1, maxLength: 32 });

export const PurchaseRequest = Type.Object(
  {
    productId: Id,
    paymentMethod: PaymentMethod,
    promoCode: Type.Optional(PromoCode),
    idempotencyKey: IdempotencyKey,
    /**
     * Buy Standard while Lite time remains: the Lite time is converted (see payment_upgrade_quote).
     */
    upgrade: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export const PurchaseResponse = Type.Object({
  orderId: Id,
  status: OrderStatus,
  /** What is charged, derived by the server (after promo code). */
  amount: Money,
  /**
   * Where to pay: the provider's hosted checkout. Null for crypto (the app opens
   * /crypto-pay/{productId}?orderId=...) and for orders already paid (a zero amount).
   */
  checkoutUrl: NullableString,
});

export const CouponRequest = Type.Object(
  { code: PromoCode, productId: Id },
  { additionalProperties: false },
);
export const CouponResponse = Type.Object({
  code: Type.String(),
  productId: Id,
  discountMinor: MinorUnits,
  /** The price after the discount. */
  priceMinor: MinorUnits,
  currency: Currency,
  /** Set when the code is a percentage off. */
  percentOff: Type.Union([Percent, Type.Null()]),
});

/** A row of the order history (spec section 3, "Order history"). */
export const OrderHistoryItem = Type.Object({
  orderId: Id,
  createdAt: Timestamp,
  productName: Type.String(),
  amount: Money,
  status: OrderStatus,
  paymentMethod: PaymentMethod,
  /** While it waits for payment: the provider's checkout to resume paying at (null otherwise). */
  resumeUrl: NullableString,
  /** While it waits for payment the buyer may cancel it (payment_cancel_order). */
  cancellable: Type.Boolean(),
});
export type OrderHistoryItem = Static<typeof OrderHistoryItem>;

export const OrderIdRequest = Type.Object({ orderId: Id }, { additionalProperties: false });
/** The cancelled order's id and its status now (cancelled). */
export const CancelOrderResponse = Type.Object({ orderId: Id, status: OrderStatus });
export const OrderStatusResponse = Type.Object({
  orderId: Id,
  status: OrderStatus,
  paidAt: NullableTimestamp,
  productName: Type.String(),
  amount: Money,
  /** The group-buy the order pays for (a creator's order or a friend's share); null otherwise. */
  groupId: NullableString,
  /**
   * Still pending past the "payment not detected" threshold (domain isPaymentNotDetected): the
   * payment-result dialog tells the user to contact support instead of waiting.
   */
  paymentNotDetected: Type.Boolean(),
});
export type OrderStatusResponse = Static<typeof OrderStatusResponse>;

export const CryptoNetwork = Type.Object({
  chainId: Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }),
  name: Type.String(),
});
export const CryptoToken = Type.Object({
  symbol: Type.String({ minLength: 1, maxLength: 16 }),
  /** ERC-20 contract address; null for the chain's native coin. */
  address: NullableString,
  decimals: Type.Integer({ minimum: 0, maximum: 36 }),
});
export type CryptoToken = Static<typeof CryptoToken>;
export const EvmAddress = Type.String({ pattern: '^0x[0-9a-fA-F]{40}$' });

export const CryptoDetailsRequest = Type.Object(
  {
    orderId: Id,
    chainId: Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }),
    token: Type.String({ minLength: 1, maxLength: 16 }),
  },
  { additionalProperties: false },
);
/** What the wallet must send (spec section 3, "Crypto payment"). */
export const CryptoPayment = Type.Object({
  orderId: Id,
  network: CryptoNetwork,
  token: CryptoToken,
  recipient: EvmAddress,
  /** In the token's base units, as a decimal string (it can exceed 2^53). */
  amount: Type.String({ pattern: '^[0-9]+$' }),
  /** Shown to the user and quoted to support. */
  reference: Type.String(),
  /** After this the quote is void and must be fetched again. */
  expiresAt: Timestamp,
});
export type CryptoPayment = Static<typeof CryptoPayment>;

export const CryptoSubmitRequest = Type.Object(
  {
    orderId: Id,
    chainId: Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }),
    txHash: Type.String({ pattern: '^0x[0-9a-fA-F]{64}$' }),
  },
  { additionalProperties: false },
);
/** `pending` until the transfer is confirmed on chain; poll payment_order_status. */
export const CryptoSubmitResponse = Type.Object({ orderId: Id, status: OrderStatus });

export const UpgradeQuoteRequest = Type.Object({ productId: Id }, { additionalProperties: false });
/** The Lite-to-Standard conversion, shown before paying (rule in @nimbus/domain). */
export const UpgradeQuote = Type.Object({
  productId: Id,
  liteRemainingSeconds: Type.Integer({ minimum: 0 }),
  conversionPercent: Percent,
  convertedSeconds: Type.Integer({ minimum: 0 }),
  /** Standard expiry after paying: the plan's days plus the converted time. */
  standardExpireTimeAfter: Timestamp,
  price: Money,
});
export type UpgradeQuote = Static<typeof UpgradeQuote>;

export const RedeemCodeRequest = Type.Object(
  { code: Type.String({ minLength: 1, maxLength: 64 }) },
  { additionalProperties: false },
);
export const RedeemCodeResponse = Type.Object({
  productName: Type.String(),
  grantedSeconds: Type.Integer({ minimum: 0 }),
  standardExpireTime: TimestampOrZero,
  liteExpireTime: TimestampOrZero,
});

export const payment = {
  paymentShop: { request: ShopRequest, response: ShopResponse },
  paymentPurchase: { request: PurchaseRequest, response: PurchaseResponse },
  paymentCoupon: { request: CouponRequest, response: CouponResponse },
  paymentOrder: { request: PageRequest, response: Page(OrderHistoryItem) },
  paymentOrderStatus: { request: OrderIdRequest, response: OrderStatusResponse },
  paymentCancelOrder: { request: OrderIdRequest, response: CancelOrderResponse },
  paymentCryptoDetails: { request: CryptoDetailsRequest, response: CryptoPayment },
  paymentCryptoSubmit: { request: CryptoSubmitRequest, response: CryptoSubmitResponse },
  paymentUpgradeQuote: { request: UpgradeQuoteRequest, response: UpgradeQuote },
  systemRedeemCode: { request: RedeemCodeRequest, response: RedeemCodeResponse },
} as const;
