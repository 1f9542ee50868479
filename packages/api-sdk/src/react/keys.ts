import { PREFETCH_CACHE_MS, USER_INFO_CACHE_MS } from '@nimbus/domain';
import type { EndpointName } from '../contract/endpoints.ts';
import type { RequestOf } from '../contract/types.ts';

/** Every API query lives under this root, so a new session can reset them all at once. */
export const API_QUERY_ROOT = 'api';

export type ApiQueryKey<N extends EndpointName = EndpointName> = readonly [
  typeof API_QUERY_ROOT,
  N,
  RequestOf<N> | Record<string, never>,
];

export function apiQueryKey<N extends EndpointName>(
  name: N,
  payload?: RequestOf<N>,
): ApiQueryKey<N> {
  return [API_QUERY_ROOT, name, payload ?? {}];
}

/** How long a read stays fresh (spec section 9); other reads are refetched when used again. */
export const STALE_TIME_MS: Partial<Record<EndpointName, number>> = {
  systemUserInfo: USER_INFO_CACHE_MS,
  paymentShop: PREFETCH_CACHE_MS,
  systemClientConfig: PREFETCH_CACHE_MS,
  systemDisplayConfig: PREFETCH_CACHE_MS,
  systemBenefits: PREFETCH_CACHE_MS,
  systemPublicKeys: Number.POSITIVE_INFINITY,
};

/** Reads a successful write makes stale. */
export const INVALIDATES: Partial<Record<EndpointName, readonly EndpointName[]>> = {
  systemRedeemCode: ['systemUserInfo', 'paymentOrder'],
  userBindDevice: ['userGetDeviceList', 'systemUserInfo'],
  userUpdateDevice: ['userGetDeviceList'],
  userUnbindDevice: ['userGetDeviceList', 'systemUserInfo'],
  paymentPurchase: ['paymentOrder', 'systemUserInfo'],
  paymentCryptoSubmit: ['paymentOrderStatus', 'paymentOrder', 'systemUserInfo'],
  paymentJointPurchase: ['paymentJointPurchaseCreated', 'paymentJointOrder', 'paymentJointDetail'],
  paymentJointJoinForPay: [
    'paymentJointPurchaseParticipated',
    'paymentJointOrder',
    'paymentJointDetail',
  ],
  paymentJointJoin: ['paymentJointPurchaseParticipated', 'paymentJointDetail', 'systemUserInfo'],
  systemThirdPartyEnable: ['systemThirdPartyStatus', 'systemUserInfo'],
  systemThirdPartyDisable: ['systemThirdPartyStatus', 'systemUserInfo'],
  systemThirdPartyReset: ['systemThirdPartyStatus'],
  userChangePassword: ['userSessions'],
  userKeepAccount: ['systemUserInfo'],
  userEndSession: ['userSessions'],
  userEndOtherSessions: ['userSessions'],
  systemKolApply: ['systemKolApplication', 'systemAffiliate', 'systemUserInfo'],
  systemKolWalletUpdate: ['systemAffiliate'],
  paymentCancelOrder: ['paymentOrder', 'paymentOrderStatus'],
  userMailPreferencesUpdate: ['userMailPreferences'],
  userMailUnsubscribe: ['userMailPreferences'],
  userTelegramLink: ['userTelegramStatus'],
  userTelegramUnlink: ['userTelegramStatus'],
  userTelegramNotices: ['userTelegramStatus'],
  userTicketOpen: ['userTicketList'],
  userTicketReply: ['userTicketList', 'userTicketDetail'],
  userTicketClose: ['userTicketList', 'userTicketDetail'],
};
