/**
 * Every enumeration of the product (spec section 3), with the numeric and string forms the
 * spec gives. Each is an `as const` object plus a union type of its values.
 */

/** Device platform as stored and sent by the native apps. */
export const DevicePlatform = { IOS: 0, ANDROID: 1, MAC: 2, WINDOWS: 3, OTHER: 4 } as const;
export type DevicePlatform = (typeof DevicePlatform)[keyof typeof DevicePlatform];

/** Device kind: phone/tablet or computer. */
export const DeviceKind = { MOBILE: 0, PC: 1 } as const;
export type DeviceKind = (typeof DeviceKind)[keyof typeof DeviceKind];

/** Group-buy status: unfinished until enough members have paid. */
export const GroupBuyStatus = { UNFINISHED: 0, FINISHED: 1 } as const;
export type GroupBuyStatus = (typeof GroupBuyStatus)[keyof typeof GroupBuyStatus];

/** Group-buy payment type: the creator pays for everyone, or each member pays a share. */
export const GroupBuyPaymentType = { PAY_ALL: 0, PAY_SELF: 1 } as const;
export type GroupBuyPaymentType = (typeof GroupBuyPaymentType)[keyof typeof GroupBuyPaymentType];

/** Payment status of a group-buy member or an order line. */
export const PaymentStatus = { UNPAID: 0, PAID: 1 } as const;
export type PaymentStatus = (typeof PaymentStatus)[keyof typeof PaymentStatus];

/** Shop group type (plan family), numeric. */
export const ShopGroupType = { STANDARD: 1, LITE: 2 } as const;
export type ShopGroupType = (typeof ShopGroupType)[keyof typeof ShopGroupType];
/** Yes/no flags as numbers. */
export const YesNo = { YES: 1, NO: 0 } as const;
export type YesNo = (typeof YesNo)[keyof typeof YesNo];

/** Enable/disable flags as strings. */
export const EnableFlag = { ENABLE: '1', DISABLE: '0' } as const;
export type EnableFlag = (typeof EnableFlag)[keyof typeof EnableFlag];

/** Commission settlement state. */
export const CommissionSettlement = { UNSETTLED: 0, SETTLED: 1 } as const;
export type CommissionSettlement = (typeof CommissionSettlement)[keyof typeof CommissionSettlement];

/** Commission purchase type: the referred user's first purchase, or a renewal. */
export const CommissionPurchaseType = { FIRST_PURCHASE: 0, RENEWAL: 1 } as const;
export type CommissionPurchaseType =
  (typeof CommissionPurchaseType)[keyof typeof CommissionPurchaseType];

/** Referral status of an invited user. */
export const ReferralStatus = { REGISTERED: 0, PAID: 1 } as const;
export type ReferralStatus = (typeof ReferralStatus)[keyof typeof ReferralStatus];

/** Tabs of the KOL dashboard. */
export const KolTab = {
  COMMISSION: 'commission',
  SETTLEMENT: 'settlement',
  INVITATION: 'invitation',
} as const;
export type KolTab = (typeof KolTab)[keyof typeof KolTab];
export const KOL_TABS: readonly KolTab[] = [
  KolTab.COMMISSION,
  KolTab.SETTLEMENT,
  KolTab.INVITATION,
];

/** Platform detected from the browser's user agent. */
export const DetectedPlatform = {
  IOS: 'IOS',
  ANDROID: 'ANDROID',
  MAC: 'MAC',
  WINDOWS: 'WINDOWS',
} as const;
export type DetectedPlatform = (typeof DetectedPlatform)[keyof typeof DetectedPlatform];

/** Deployment environment, derived from the page's hostname. */
export const Environment = { DEV: 'DEV', TEST: 'TEST', PROD: 'PROD' } as const;
export type Environment = (typeof Environment)[keyof typeof Environment];

/** UI languages and their `language` request-header form. */
export const Language = { ZH_CN: 'zh-CN', EN: 'en' } as const;
export type Language = (typeof Language)[keyof typeof Language];
export const LanguageHeader = { 'zh-CN': 'zh_CN', en: 'en' } as const satisfies Record<
  Language,
  string
>;
export type LanguageHeader = (typeof LanguageHeader)[Language];

/** What the login form's single account field holds. */
export const AccountKind = { USERNAME: 'username', EMAIL: 'email', PHONE: 'phone' } as const;
export type AccountKind = (typeof AccountKind)[keyof typeof AccountKind];

/** Order status, as the payment-result dialog reads it. */
export const OrderStatus = {
  PENDING: 'pending',
  PAID: 'paid',
  FAILED: 'failed',
  EXPIRED: 'expired',
  REFUNDED: 'refunded',
  /** The member cancelled it while unpaid (a payment that still arrives counts). */
  CANCELLED: 'cancelled',
} as const;
export type OrderStatus = (typeof OrderStatus)[keyof typeof OrderStatus];

/**
 * Life of one KOL commission: held (pending) through the refund window, then payable, then
 * settled by a payout; clawed back when its order is refunded. The spec's two-value
 * CommissionSettlement is the settled / not settled view of it.
 */
export const CommissionState = {
  PENDING: 'pending',
  PAYABLE: 'payable',
  SETTLED: 'settled',
  CLAWED_BACK: 'clawed_back',
} as const;
export type CommissionState = (typeof CommissionState)[keyof typeof CommissionState];

/** How a promo code discounts: a percentage of the price or a fixed amount. */
export const PromoKind = { PERCENT: 'percent', FIXED: 'fixed' } as const;
export type PromoKind = (typeof PromoKind)[keyof typeof PromoKind];

/**
 * Where a group buy stands, for display: waiting for the creator's payment, recruiting paying
 * members (pay-self), finished (membership granted), or ended (expired unfilled, or closed).
 */
export const GroupBuyPhase = {
  AWAITING_CREATOR_PAYMENT: 'awaiting_creator_payment',
  RECRUITING: 'recruiting',
  FINISHED: 'finished',
  ENDED: 'ended',
} as const;
export type GroupBuyPhase = (typeof GroupBuyPhase)[keyof typeof GroupBuyPhase];

/** Called by a `switch` that has handled every member of a union. */
export function exhaustive(value: never): never {
  throw new Error(`Unhandled value: ${String(value)}`);
}
