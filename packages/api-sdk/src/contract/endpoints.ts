import type { Feature } from '@nimbus/domain';

/**
 * The endpoint catalogue: one entry per call, plain data. The browser client builds its call
 * functions from it and the server registers its routes from it, so neither can drift.
 * Every call is `POST {apiBase}{prefix}{path}` with a JSON body and answers the envelope.
 *
 * - signed: the body is `{ signature }` (RSA-OAEP/SHA-256 of the payload plus nonce and timestamp).
 * - auth: the server refuses the call without a valid session token (status Unauthorized).
 * - token: the call delivers a session token in the `pragma` response header; `register`
 *   tokens are kept for the browser session, `login` tokens persistently.
 * - read: the call changes nothing (a query in the React layer; everything else is a mutation).
 * - loginCall: an Unauthorized answer is part of the call's own flow, so the client emits no
 *   redirect-to-login event.
 * - quiet: the caller handles errors: the client still rejects but shows no toast and emits no
 *   redirect (the spec's "caller handles errors").
 * - clearsToken: the client forgets the session once the call succeeds.
 * - feature: the call belongs to a feature switch (display config `features`); while the
 *   operator has it off the server answers FEATURE_UNAVAILABLE (after the session check).
 */

export type TokenDelivery = 'none' | 'login' | 'register';

export interface EndpointSpec {
  readonly path: `/api/${string}`;
  readonly signed: boolean;
  readonly auth: boolean;
  readonly token: TokenDelivery;
  readonly read: boolean;
  readonly loginCall?: true;
  readonly quiet?: true;
  readonly clearsToken?: true;
  readonly feature?: Feature;
}

export const endpoints = {
  // Spec section 7
  systemUserInfo: {
    path: '/api/system/system_user_info',
    signed: true,
    auth: true,
    token: 'none',
    read: true,
    quiet: true,
  },
  systemClientConfig: {
    path: '/api/system/system_client_config',
    signed: true,
    auth: false,
    token: 'none',
    read: true,
    quiet: true,
  },
  systemDisplayConfig: {
    path: '/api/system/system_display_config',
    signed: true,
    auth: false,
    token: 'none',
    read: true,
    // The apps fall back to the built-in defaults (no notices, switches as built) quietly.
    quiet: true,
  },
  systemRedeemCode: {
    path: '/api/system/system_redeem_code',
    signed: false,
    auth: true,
    token: 'none',
    read: false,
    feature: 'redeem',
  },
  systemAffiliate: {
    path: '/api/system/system_affiliate',
    signed: false,
    auth: true,
    token: 'none',
    read: true,
  },
  systemBenefits: {
    path: '/api/system/system_benefits',
    signed: false,
    auth: false,
    token: 'none',
    read: true,
    feature: 'benefits',
  },
  systemUserBenefits: {
    path: '/api/system/system_user_benefits',
    signed: false,
    auth: true,
    token: 'none',
    read: true,
    feature: 'benefits',
  },
  userGetDeviceList: {
    path: '/api/user/user_get_device_list',
    signed: false,
    auth: true,
    token: 'none',
    read: true,
  },
  userUnbindDevice: {
    path: '/api/user/user_unbind_device',
    signed: false,
    auth: true,
    token: 'none',
    read: false,
  },
  paymentShop: {
    path: '/api/payment/payment_shop',
    signed: true,
    auth: false,
    token: 'none',
    read: true,
  },
  paymentPurchase: {
    path: '/api/payment/payment_purchase',
    signed: false,
    auth: true,
    token: 'none',
    read: false,
  },
  paymentCoupon: {
    path: '/api/payment/payment_coupon',
    signed: false,
    auth: true,
    token: 'none',
    read: true,
  },
  paymentOrder: {
    path: '/api/payment/payment_order',
    signed: false,
    auth: true,
    token: 'none',
    read: true,
  },
  paymentJointPurchase: {
    path: '/api/payment/payment_joint_purchase',
    signed: false,
    auth: true,
    token: 'none',
    read: false,
  },
  paymentJointJoinForPay: {
    path: '/api/payment/payment_joint_join_for_pay',
    signed: false,
    auth: true,
    token: 'none',
    read: false,
  },
  paymentJointJoin: {
    path: '/api/payment/payment_joint_join',
    signed: false,
    auth: true,
    token: 'none',
    read: false,
  },
  paymentJointPurchaseCreated: {
    path: '/api/payment/payment_joint_purchase_created',
    signed: false,
    auth: true,
    token: 'none',
    read: true,
  },
  paymentJointPurchaseParticipated: {
    path: '/api/payment/payment_joint_purchase_participated',
    signed: false,
    auth: true,
    token: 'none',
    read: true,
  },
  paymentJointOrder: {
    path: '/api/payment/payment_joint_order',
    signed: false,
    auth: true,
    token: 'none',
    read: true,
  },

  // Calls the spec leaves unnamed, in the same style
  userRegister: {
    path: '/api/user/user_register',
    signed: false,
    auth: false,
    token: 'register',
    read: false,
    loginCall: true,
  },
  userKeepAccount: {
    path: '/api/user/user_keep_account',
    signed: false,
    auth: true,
    token: 'none',
    read: false,
  },
  userLogin: {
    path: '/api/user/user_login',
    signed: false,
    auth: false,
    token: 'login',
    read: false,
    loginCall: true,
  },
  userLogout: {
    path: '/api/user/user_logout',
    signed: false,
    auth: true,
    token: 'none',
    read: false,
    loginCall: true,
    clearsToken: true,
  },
  userSendCode: {
    path: '/api/user/user_send_code',
    signed: false,
    auth: false,
    token: 'none',
    read: false,
  },
  userResetPassword: {
    path: '/api/user/user_reset_password',
    signed: false,
    auth: false,
    token: 'none',
    read: false,
    loginCall: true,
  },
  userTrial: {
    path: '/api/user/user_trial',
    signed: false,
    auth: false,
    token: 'login',
    read: false,
    feature: 'trial',
  },
  userSignInLink: {
    path: '/api/user/user_sign_in_link',
    signed: false,
    auth: true,
    token: 'none',
    read: false,
  },
  // Whose account a link opens (masked), without using it: the page asks before exchanging.
  userSignInLinkAccount: {
    path: '/api/user/user_sign_in_link_account',
    signed: false,
    auth: false,
    token: 'none',
    read: true,
    quiet: true,
  },
  userSignInLinkExchange: {
    path: '/api/user/user_sign_in_link_exchange',
    signed: false,
    auth: false,
    token: 'login',
    read: false,
    loginCall: true,
    quiet: true,
  },
  userDeleteAccount: {
    path: '/api/user/user_delete_account',
    signed: false,
    auth: true,
    token: 'none',
    read: false,
    clearsToken: true,
  },
  userChangePassword: {
    path: '/api/user/user_change_password',
    signed: false,
    auth: true,
    token: 'none',
    read: false,
  },
  userSessions: {
    path: '/api/user/user_sessions',
    signed: false,
    auth: true,
    token: 'none',
    read: true,
  },
  userEndSession: {
    path: '/api/user/user_end_session',
    signed: false,
    auth: true,
    token: 'none',
    read: false,
  },
  userEndOtherSessions: {
    path: '/api/user/user_end_other_sessions',
    signed: false,
    auth: true,
    token: 'none',
    read: false,
  },
  userBindDevice: {
    path: '/api/user/user_bind_device',
    signed: false,
    auth: true,
    token: 'none',
    read: false,
  },
  userUpdateDevice: {
    path: '/api/user/user_update_device',
    signed: false,
    auth: true,
    token: 'none',
    read: false,
  },
  paymentOrderStatus: {
    path: '/api/payment/payment_order_status',
    signed: false,
    auth: true,
    token: 'none',
    read: true,
  },
  paymentCancelOrder: {
    path: '/api/payment/payment_cancel_order',
    signed: false,
    auth: true,
    token: 'none',
    read: false,
  },
  paymentCryptoDetails: {
    path: '/api/payment/payment_crypto_details',
    signed: false,
    auth: true,
    token: 'none',
    read: true,
    feature: 'cryptoPay',
  },
  paymentCryptoSubmit: {
    path: '/api/payment/payment_crypto_submit',
    signed: false,
    auth: true,
    token: 'none',
    read: false,
  },
  paymentUpgradeQuote: {
    path: '/api/payment/payment_upgrade_quote',
    signed: false,
    auth: true,
    token: 'none',
    read: true,
  },
  paymentJointDetail: {
    path: '/api/payment/payment_joint_detail',
    signed: false,
    auth: false,
    token: 'none',
    read: true,
  },
  systemThirdPartyStatus: {
    path: '/api/system/system_third_party_status',
    signed: false,
    auth: true,
    token: 'none',
    read: true,
    feature: 'thirdParty',
  },
  systemThirdPartyEnable: {
    path: '/api/system/system_third_party_enable',
    signed: false,
    auth: true,
    token: 'none',
    read: false,
    feature: 'thirdParty',
  },
  systemThirdPartyDisable: {
    path: '/api/system/system_third_party_disable',
    signed: false,
    auth: true,
    token: 'none',
    read: false,
  },
  systemThirdPartyReset: {
    path: '/api/system/system_third_party_reset',
    signed: false,
    auth: true,
    token: 'none',
    read: false,
    feature: 'thirdParty',
  },
  systemTraffic: {
    path: '/api/system/system_traffic',
    signed: false,
    auth: true,
    token: 'none',
    read: true,
  },
  systemNodes: {
    path: '/api/system/system_nodes',
    signed: false,
    auth: true,
    token: 'none',
    read: true,
  },
  systemInvitationRecords: {
    path: '/api/system/system_invitation_records',
    signed: false,
    auth: true,
    token: 'none',
    read: true,
  },
  systemKolApplication: {
    path: '/api/system/system_kol_application',
    signed: false,
    auth: true,
    token: 'none',
    read: true,
  },
  systemKolApply: {
    path: '/api/system/system_kol_apply',
    signed: false,
    auth: true,
    token: 'none',
    read: false,
    feature: 'affiliate',
  },
  // Notice e-mails: the categories a member turned off, and the unsubscribe link of a mail.
  userMailPreferences: {
    path: '/api/user/user_mail_preferences',
    signed: false,
    auth: true,
    token: 'none',
    read: true,
  },
  userMailPreferencesUpdate: {
    path: '/api/user/user_mail_preferences_update',
    signed: false,
    auth: true,
    token: 'none',
    read: false,
  },
  // The Telegram bot: link a chat with a one-time t.me link, notices there, unlink.
  userTelegramStatus: {
    path: '/api/user/user_telegram_status',
    signed: false,
    auth: true,
    token: 'none',
    read: true,
  },
  userTelegramLink: {
    path: '/api/user/user_telegram_link',
    signed: false,
    auth: true,
    token: 'none',
    read: false,
  },
  userTelegramUnlink: {
    path: '/api/user/user_telegram_unlink',
    signed: false,
    auth: true,
    token: 'none',
    read: false,
  },
  userTelegramNotices: {
    path: '/api/user/user_telegram_notices',
    signed: false,
    auth: true,
    token: 'none',
    read: false,
  },
  userMailUnsubscribe: {
    path: '/api/user/user_mail_unsubscribe',
    signed: false,
    auth: false,
    token: 'none',
    read: false,
    // The unsubscribe page shows the outcome itself.
    quiet: true,
  },
  systemKolWalletUpdate: {
    path: '/api/system/system_kol_wallet_update',
    signed: false,
    auth: true,
    token: 'none',
    read: false,
  },
  // Support tickets (account centre and KOL dashboard).
  userTicketList: {
    path: '/api/user/user_ticket_list',
    signed: false,
    auth: true,
    token: 'none',
    read: true,
  },
  userTicketOpen: {
    path: '/api/user/user_ticket_open',
    signed: false,
    auth: true,
    token: 'none',
    read: false,
  },
  userTicketDetail: {
    path: '/api/user/user_ticket_detail',
    signed: false,
    auth: true,
    token: 'none',
    read: true,
  },
  userTicketReply: {
    path: '/api/user/user_ticket_reply',
    signed: false,
    auth: true,
    token: 'none',
    read: false,
  },
  userTicketClose: {
    path: '/api/user/user_ticket_close',
    signed: false,
    auth: true,
    token: 'none',
    read: false,
  },
  systemPublicKeys: {
    path: '/api/system/system_public_keys',
    signed: false,
    auth: false,
    token: 'none',
    read: true,
  },
} as const satisfies Record<string, EndpointSpec>;

export type EndpointName = keyof typeof endpoints;
export type Endpoints = typeof endpoints;

export const endpointNames = Object.keys(endpoints) as EndpointName[];

/** The feature switch an endpoint belongs to, if any (FEATURE_UNAVAILABLE while it is off). */
export function featureOf(name: EndpointName): Feature | undefined {
  const spec: EndpointSpec = endpoints[name];
  return spec.feature;
}
