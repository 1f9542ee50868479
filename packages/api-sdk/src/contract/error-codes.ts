/**
 * The one catalogue of API result codes, shared by the server and the clients.
 *
 * `code` in the envelope `{ code, msg, status, data }` is one of these numbers; 200 is success.
 * `status` is the name (for example "Unauthorized"), `http` the HTTP status the server answers
 * with, and `key` the message key in the `errors` namespace of `@nimbus/i18n`, from which the
 * server localises `msg` by the `language` request header.
 *
 * Codes are never reused or renumbered: a client in the field may still read an old one.
 */
export const ErrorCode = {
  OK: { code: 200, status: 'OK', http: 200, key: 'ok' },

  // Generic request failures
  VALIDATION_FAILED: { code: 400, status: 'BadRequest', http: 400, key: 'validation_failed' },
  UNAUTHORIZED: { code: 401, status: 'Unauthorized', http: 401, key: 'unauthorized' },
  FORBIDDEN: { code: 403, status: 'Forbidden', http: 403, key: 'forbidden' },
  NOT_FOUND: { code: 404, status: 'NotFound', http: 404, key: 'not_found' },
  METHOD_NOT_ALLOWED: {
    code: 405,
    status: 'MethodNotAllowed',
    http: 405,
    key: 'method_not_allowed',
  },
  PAYLOAD_TOO_LARGE: { code: 413, status: 'PayloadTooLarge', http: 413, key: 'payload_too_large' },
  UNSUPPORTED_MEDIA_TYPE: {
    code: 415,
    status: 'UnsupportedMediaType',
    http: 415,
    key: 'unsupported_media_type',
  },
  RATE_LIMITED: { code: 429, status: 'TooManyRequests', http: 429, key: 'rate_limited' },
  INTERNAL: { code: 500, status: 'InternalError', http: 500, key: 'internal' },
  SERVICE_UNAVAILABLE: {
    code: 503,
    status: 'ServiceUnavailable',
    http: 503,
    key: 'service_unavailable',
  },

  // Signed requests and device ids
  SIGNATURE_INVALID: {
    code: 1001,
    status: 'SignatureInvalid',
    http: 400,
    key: 'signature_invalid',
  },
  DEVICE_ID_INVALID: { code: 1002, status: 'DeviceIdInvalid', http: 400, key: 'device_id_invalid' },

  // Site settings: a feature the operator switched off (display config `features`)
  FEATURE_UNAVAILABLE: {
    code: 1010,
    status: 'FeatureUnavailable',
    http: 403,
    key: 'feature_unavailable',
  },

  // Accounts, codes and sessions
  INVALID_CREDENTIALS: {
    code: 1101,
    status: 'InvalidCredentials',
    http: 400,
    key: 'invalid_credentials',
  },
  ACCOUNT_EXISTS: { code: 1102, status: 'AccountExists', http: 409, key: 'account_exists' },
  USERNAME_TAKEN: { code: 1103, status: 'UsernameTaken', http: 409, key: 'username_taken' },
  CODE_INVALID: { code: 1104, status: 'CodeInvalid', http: 400, key: 'code_invalid' },
  CODE_LOCKED: { code: 1105, status: 'CodeLocked', http: 400, key: 'code_locked' },
  CODE_RESEND_TOO_SOON: {
    code: 1106,
    status: 'CodeResendTooSoon',
    http: 429,
    key: 'code_resend_too_soon',
  },
  INVITE_CODE_INVALID: {
    code: 1107,
    status: 'InviteCodeInvalid',
    http: 400,
    key: 'invite_code_invalid',
  },
  ACCOUNT_LOCKED: { code: 1108, status: 'AccountLocked', http: 429, key: 'account_locked' },
  TRIAL_ALREADY_USED: {
    code: 1109,
    status: 'TrialAlreadyUsed',
    http: 409,
    key: 'trial_already_used',
  },
  AGREEMENT_REQUIRED: {
    code: 1110,
    status: 'AgreementRequired',
    http: 400,
    key: 'agreement_required',
  },
  SIGN_IN_LINK_INVALID: {
    code: 1113,
    status: 'SignInLinkInvalid',
    http: 400,
    key: 'sign_in_link_invalid',
  },
  MEMBERSHIP_REQUIRED: {
    code: 1111,
    status: 'MembershipRequired',
    http: 403,
    key: 'membership_required',
  },
  ACCOUNT_SUSPENDED: {
    code: 1112,
    status: 'AccountSuspended',
    http: 403,
    key: 'account_suspended',
  },
  WRONG_PASSWORD: { code: 1121, status: 'WrongPassword', http: 400, key: 'wrong_password' },
  SESSION_NOT_FOUND: { code: 1122, status: 'SessionNotFound', http: 404, key: 'session_not_found' },
  ACCOUNT_ALREADY_NAMED: {
    code: 1123,
    status: 'AccountAlreadyNamed',
    http: 409,
    key: 'account_already_named',
  },

  // Devices
  DEVICE_LIMIT_REACHED: {
    code: 1201,
    status: 'DeviceLimitReached',
    http: 409,
    key: 'device_limit_reached',
  },
  DEVICE_NOT_FOUND: { code: 1202, status: 'DeviceNotFound', http: 404, key: 'device_not_found' },

  // Plans, orders, promo and redeem codes
  PRODUCT_INVALID: { code: 1301, status: 'ProductInvalid', http: 400, key: 'product_invalid' },
  PROMO_CODE_INVALID: {
    code: 1302,
    status: 'PromoCodeInvalid',
    http: 400,
    key: 'promo_code_invalid',
  },
  PROMO_CODE_EXPIRED: {
    code: 1303,
    status: 'PromoCodeExpired',
    http: 400,
    key: 'promo_code_expired',
  },
  PROMO_CODE_USED_UP: {
    code: 1304,
    status: 'PromoCodeUsedUp',
    http: 409,
    key: 'promo_code_used_up',
  },
  PROMO_CODE_USER_LIMIT: {
    code: 1305,
    status: 'PromoCodeUserLimit',
    http: 409,
    key: 'promo_code_user_limit',
  },
  PROMO_CODE_NOT_APPLICABLE: {
    code: 1306,
    status: 'PromoCodeNotApplicable',
    http: 400,
    key: 'promo_code_not_applicable',
  },
  ORDER_NOT_FOUND: { code: 1307, status: 'OrderNotFound', http: 404, key: 'order_not_found' },
  PAYMENT_METHOD_UNAVAILABLE: {
    code: 1308,
    status: 'PaymentMethodUnavailable',
    http: 400,
    key: 'payment_method_unavailable',
  },
  PAYMENT_NOT_DETECTED: {
    code: 1309,
    status: 'PaymentNotDetected',
    http: 409,
    key: 'payment_not_detected',
  },
  ORDER_NOT_PAYABLE: { code: 1310, status: 'OrderNotPayable', http: 409, key: 'order_not_payable' },
  PROMO_CHECKOUT_OPEN: {
    code: 1316,
    status: 'PromoCheckoutOpen',
    http: 409,
    key: 'promo_checkout_open',
  },
  REDEEM_CODE_INVALID: {
    code: 1311,
    status: 'RedeemCodeInvalid',
    http: 400,
    key: 'redeem_code_invalid',
  },
  REDEEM_CODE_USED: { code: 1312, status: 'RedeemCodeUsed', http: 409, key: 'redeem_code_used' },
  REDEEM_CODE_EXPIRED: {
    code: 1313,
    status: 'RedeemCodeExpired',
    http: 400,
    key: 'redeem_code_expired',
  },
  UPGRADE_NOT_AVAILABLE: {
    code: 1314,
    status: 'UpgradeNotAvailable',
    http: 409,
    key: 'upgrade_not_available',
  },
  REFUND_NOT_ALLOWED: {
    code: 1315,
    status: 'RefundNotAllowed',
    http: 409,
    key: 'refund_not_allowed',
  },

  // Crypto payments (the client raises the wallet-side ones itself)
  CRYPTO_DETAILS_FAILED: {
    code: 1401,
    status: 'CryptoDetailsFailed',
    http: 502,
    key: 'crypto_details_failed',
  },
  CRYPTO_TX_FAILED: { code: 1402, status: 'CryptoTxFailed', http: 400, key: 'crypto_tx_failed' },
  CRYPTO_INSUFFICIENT_BALANCE: {
    code: 1403,
    status: 'CryptoInsufficientBalance',
    http: 400,
    key: 'crypto_insufficient_balance',
  },
  CRYPTO_UNSUPPORTED: {
    code: 1404,
    status: 'CryptoUnsupported',
    http: 400,
    key: 'crypto_unsupported',
  },
  CRYPTO_WALLET_NOT_CONNECTED: {
    code: 1405,
    status: 'CryptoWalletNotConnected',
    http: 400,
    key: 'crypto_wallet_not_connected',
  },
  CRYPTO_WRONG_NETWORK: {
    code: 1406,
    status: 'CryptoWrongNetwork',
    http: 400,
    key: 'crypto_wrong_network',
  },
  CRYPTO_WALLET_CONNECTION_FAILED: {
    code: 1407,
    status: 'CryptoWalletConnectionFailed',
    http: 400,
    key: 'crypto_wallet_connection_failed',
  },
  CRYPTO_WALLET_NOT_FOUND: {
    code: 1408,
    status: 'CryptoWalletNotFound',
    http: 400,
    key: 'crypto_wallet_not_found',
  },
  CRYPTO_TX_ALREADY_USED: {
    code: 1409,
    status: 'CryptoTxAlreadyUsed',
    http: 409,
    key: 'crypto_tx_already_used',
  },
  CRYPTO_TX_PENDING: { code: 1410, status: 'CryptoTxPending', http: 409, key: 'crypto_tx_pending' },
  CRYPTO_TX_MISMATCH: {
    code: 1411,
    status: 'CryptoTxMismatch',
    http: 400,
    key: 'crypto_tx_mismatch',
  },

  // Group buying
  GROUP_CREATOR_NOT_PAID: {
    code: 1501,
    status: 'GroupCreatorNotPaid',
    http: 409,
    key: 'group_creator_not_paid',
  },
  GROUP_ALREADY_JOINED: {
    code: 1502,
    status: 'GroupAlreadyJoined',
    http: 409,
    key: 'group_already_joined',
  },
  GROUP_FULL: { code: 1503, status: 'GroupFull', http: 409, key: 'group_full' },
  GROUP_ENDED: { code: 1504, status: 'GroupEnded', http: 409, key: 'group_ended' },
  GROUP_NOT_STARTED: { code: 1505, status: 'GroupNotStarted', http: 409, key: 'group_not_started' },
  GROUP_NOT_FOUND: { code: 1506, status: 'GroupNotFound', http: 404, key: 'group_not_found' },
  GROUP_PAYMENT_REQUIRED: {
    code: 1507,
    status: 'GroupPaymentRequired',
    http: 409,
    key: 'group_payment_required',
  },
  GROUP_NO_PAYMENT_NEEDED: {
    code: 1508,
    status: 'GroupNoPaymentNeeded',
    http: 409,
    key: 'group_no_payment_needed',
  },
  GROUP_INVALID_SIZE: {
    code: 1509,
    status: 'GroupInvalidSize',
    http: 400,
    key: 'group_invalid_size',
  },
  GROUP_NOT_CLOSABLE: {
    code: 1510,
    status: 'GroupNotClosable',
    http: 409,
    key: 'group_not_closable',
  },

  // Referrals and the KOL programme
  NOT_KOL: { code: 1601, status: 'NotKol', http: 403, key: 'not_kol' },
  SELF_REFERRAL: { code: 1602, status: 'SelfReferral', http: 409, key: 'self_referral' },
  KOL_ALREADY: { code: 1603, status: 'KolAlready', http: 409, key: 'kol_already' },
  KOL_APPLICATION_PENDING: {
    code: 1604,
    status: 'KolApplicationPending',
    http: 409,
    key: 'kol_application_pending',
  },
  KOL_NOT_FOUND: { code: 1605, status: 'KolNotFound', http: 404, key: 'kol_not_found' },
  KOL_APPLICATION_NOT_FOUND: {
    code: 1606,
    status: 'KolApplicationNotFound',
    http: 404,
    key: 'kol_application_not_found',
  },
  KOL_APPLICATION_DECIDED: {
    code: 1607,
    status: 'KolApplicationDecided',
    http: 409,
    key: 'kol_application_decided',
  },
  PAYOUT_BELOW_THRESHOLD: {
    code: 1608,
    status: 'PayoutBelowThreshold',
    http: 409,
    key: 'payout_below_threshold',
  },
  PAYOUT_TX_USED: { code: 1609, status: 'PayoutTxUsed', http: 409, key: 'payout_tx_used' },
  PAYOUT_NO_WALLET: { code: 1610, status: 'PayoutNoWallet', http: 409, key: 'payout_no_wallet' },

  // Benefits
  NO_BENEFITS: { code: 1701, status: 'NoBenefits', http: 403, key: 'no_benefits' },
  BENEFIT_NOT_FOUND: { code: 1702, status: 'BenefitNotFound', http: 404, key: 'benefit_not_found' },
  BENEFIT_EXISTS: { code: 1703, status: 'BenefitExists', http: 409, key: 'benefit_exists' },

  // Third-party client
  THIRD_PARTY_COOLDOWN: {
    code: 1801,
    status: 'ThirdPartyCooldown',
    http: 409,
    key: 'third_party_cooldown',
  },
  THIRD_PARTY_NOT_ENABLED: {
    code: 1802,
    status: 'ThirdPartyNotEnabled',
    http: 409,
    key: 'third_party_not_enabled',
  },

  // Node feed (the UniProxy API VPN servers call; src/nodes in the server)
  NODE_TOKEN_INVALID: {
    code: 1901,
    status: 'NodeTokenInvalid',
    http: 422,
    key: 'node_token_invalid',
  },
  NODE_TYPE_MISMATCH: {
    code: 1902,
    status: 'NodeTypeMismatch',
    http: 400,
    key: 'node_type_mismatch',
  },
  NODE_REPORT_INVALID: {
    code: 1903,
    status: 'NodeReportInvalid',
    http: 400,
    key: 'node_report_invalid',
  },
  NODE_TRAFFIC_IMPLAUSIBLE: {
    code: 1904,
    status: 'NodeTrafficImplausible',
    http: 422,
    key: 'node_traffic_implausible',
  },
  NODE_USER_UNKNOWN: {
    code: 1905,
    status: 'NodeUserUnknown',
    http: 422,
    key: 'node_user_unknown',
  },
  NODE_REPORT_TOO_LARGE: {
    code: 1906,
    status: 'NodeReportTooLarge',
    http: 413,
    key: 'node_report_too_large',
  },
  NODE_DISABLED: {
    code: 1907,
    status: 'NodeDisabled',
    http: 403,
    key: 'node_disabled',
  },
  NODE_USER_NOT_LISTED: {
    code: 1908,
    status: 'NodeUserNotListed',
    http: 422,
    key: 'node_user_not_listed',
  },

  // The operator console (/admin)
  OPERATOR_CODE_REQUIRED: {
    code: 2001,
    status: 'OperatorCodeRequired',
    http: 401,
    key: 'operator_code_required',
  },
  OPERATOR_ENROLMENT_REQUIRED: {
    code: 2002,
    status: 'OperatorEnrolmentRequired',
    http: 403,
    key: 'operator_enrolment_required',
  },
  OPERATOR_EXISTS: { code: 2003, status: 'OperatorExists', http: 409, key: 'operator_exists' },
  OPERATOR_NOT_FOUND: {
    code: 2004,
    status: 'OperatorNotFound',
    http: 404,
    key: 'operator_not_found',
  },
  USER_NOT_FOUND: { code: 2101, status: 'UserNotFound', http: 404, key: 'user_not_found' },
  ORDER_NOT_CANCELLABLE: {
    code: 2201,
    status: 'OrderNotCancellable',
    http: 409,
    key: 'order_not_cancellable',
  },
  // The console's catalogue and site set-up: plans, codes, nodes
  PLAN_NOT_FOUND: { code: 2301, status: 'PlanNotFound', http: 404, key: 'plan_not_found' },
  PLAN_EXISTS: { code: 2308, status: 'PlanExists', http: 409, key: 'plan_exists' },
  PROMO_CODE_EXISTS: { code: 2302, status: 'PromoCodeExists', http: 409, key: 'promo_code_exists' },
  PROMO_CODE_NOT_FOUND: {
    code: 2303,
    status: 'PromoCodeNotFound',
    http: 404,
    key: 'promo_code_not_found',
  },
  REDEEM_CODE_EXISTS: {
    code: 2304,
    status: 'RedeemCodeExists',
    http: 409,
    key: 'redeem_code_exists',
  },
  REDEEM_CODE_NOT_FOUND: {
    code: 2305,
    status: 'RedeemCodeNotFound',
    http: 404,
    key: 'redeem_code_not_found',
  },
  NODE_NOT_FOUND: { code: 2306, status: 'NodeNotFound', http: 404, key: 'node_not_found' },
  NODE_EXISTS: { code: 2307, status: 'NodeExists', http: 409, key: 'node_exists' },
  // Notice e-mails
  MAIL_LINK_INVALID: {
    code: 2401,
    status: 'MailLinkInvalid',
    http: 400,
    key: 'mail_link_invalid',
  },
  // The Telegram bot
  TELEGRAM_UNAVAILABLE: {
    code: 2601,
    status: 'TelegramUnavailable',
    http: 409,
    key: 'telegram_unavailable',
  },
  TELEGRAM_NOT_LINKED: {
    code: 2602,
    status: 'TelegramNotLinked',
    http: 409,
    key: 'telegram_not_linked',
  },
  // Support tickets
  TICKET_NOT_FOUND: { code: 2501, status: 'TicketNotFound', http: 404, key: 'ticket_not_found' },
  TICKET_CLOSED: { code: 2502, status: 'TicketClosed', http: 409, key: 'ticket_closed' },
  // Outbound webhooks
  WEBHOOK_NOT_FOUND: { code: 2701, status: 'WebhookNotFound', http: 404, key: 'webhook_not_found' },
  WEBHOOK_URL_REFUSED: {
    code: 2702,
    status: 'WebhookUrlRefused',
    http: 400,
    key: 'webhook_url_refused',
  },
  WEBHOOK_LIMIT_REACHED: {
    code: 2703,
    status: 'WebhookLimitReached',
    http: 409,
    key: 'webhook_limit_reached',
  },
  WEBHOOK_DELIVERY_BUSY: {
    code: 2704,
    status: 'WebhookDeliveryBusy',
    http: 409,
    key: 'webhook_delivery_busy',
  },
} as const;

export type ErrorCodeName = keyof typeof ErrorCode;
export type ErrorCodeEntry = (typeof ErrorCode)[ErrorCodeName];
export type ResultCode = ErrorCodeEntry['code'];
export type ResultStatus = ErrorCodeEntry['status'];
/** Message key in the `errors` namespace of @nimbus/i18n. */
export type ErrorMessageKey = ErrorCodeEntry['key'];

const byCode = new Map<number, ErrorCodeEntry>(Object.values(ErrorCode).map((e) => [e.code, e]));

/** The catalogue entry of a numeric code, or undefined for a code this client does not know. */
export function errorEntryByCode(code: number): ErrorCodeEntry | undefined {
  return byCode.get(code);
}
