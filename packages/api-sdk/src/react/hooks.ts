import {
  useMutation,
  useQuery,
  useQueryClient,
  type UseMutationOptions,
  type UseMutationResult,
  type UseQueryOptions,
  type UseQueryResult,
} from '@tanstack/react-query';
import type { CallArgs } from '../client/create-api-client.ts';
import type { ClientError } from '../client/errors.ts';
import type { EndpointName } from '../contract/endpoints.ts';
import type {
  ReadEndpointName,
  RequestOf,
  ResponseOf,
  WriteEndpointName,
} from '../contract/types.ts';
import { useApi } from './context.tsx';
import { INVALIDATES, STALE_TIME_MS, apiQueryKey, type ApiQueryKey } from './keys.ts';

export type ApiQueryOptions<N extends EndpointName> = Omit<
  UseQueryOptions<ResponseOf<N>, ClientError, ResponseOf<N>, ApiQueryKey<N>>,
  'queryKey' | 'queryFn'
>;
export type ApiMutationOptions<N extends EndpointName> = Omit<
  UseMutationOptions<ResponseOf<N>, ClientError, RequestOf<N>>,
  'mutationFn'
>;

/** A read as a query, keyed by endpoint and payload; cancelled (quietly) when no longer needed. */
export function useApiQuery<N extends ReadEndpointName>(
  name: N,
  payload?: RequestOf<N>,
  options: ApiQueryOptions<N> = {},
): UseQueryResult<ResponseOf<N>, ClientError> {
  const api = useApi();
  return useQuery({
    queryKey: apiQueryKey(name, payload),
    queryFn: ({ signal }) =>
      (api.call as (n: N, p: unknown, o: { signal: AbortSignal }) => Promise<ResponseOf<N>>)(
        name,
        payload ?? {},
        { signal },
      ),
    ...(STALE_TIME_MS[name] !== undefined ? { staleTime: STALE_TIME_MS[name] } : {}),
    ...options,
  });
}

/** A write as a mutation; on success the reads it affects are refetched. */
export function useApiMutation<N extends WriteEndpointName>(
  name: N,
  options: ApiMutationOptions<N> = {},
): UseMutationResult<ResponseOf<N>, ClientError, RequestOf<N>> {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: (payload: RequestOf<N>) =>
      (api.call as (n: N, p: unknown) => Promise<ResponseOf<N>>)(name, payload),
    onSuccess: async (...args) => {
      await Promise.all(
        (INVALIDATES[name] ?? []).map((n) =>
          queryClient.invalidateQueries({ queryKey: ['api', n] }),
        ),
      );
      await options.onSuccess?.(...args);
    },
  });
}

type QueryArgs<N extends ReadEndpointName> =
  CallArgs<N> extends [payload: RequestOf<N>, options?: unknown]
    ? [payload: RequestOf<N>, options?: ApiQueryOptions<N>]
    : [payload?: RequestOf<N>, options?: ApiQueryOptions<N>];

const query =
  <N extends ReadEndpointName>(name: N) =>
  (...[payload, options]: QueryArgs<N>) =>
    useApiQuery(name, payload, options);
const mutation =
  <N extends WriteEndpointName>(name: N) =>
  (options?: ApiMutationOptions<N>) =>
    useApiMutation(name, options);

/** One hook per endpoint: `use` + the endpoint name; reads are queries, writes mutations. */
export type EndpointHooks = {
  [N in ReadEndpointName as `use${Capitalize<N>}`]: (
    ...args: QueryArgs<N>
  ) => UseQueryResult<ResponseOf<N>, ClientError>;
} & {
  [N in WriteEndpointName as `use${Capitalize<N>}`]: (
    options?: ApiMutationOptions<N>,
  ) => UseMutationResult<ResponseOf<N>, ClientError, RequestOf<N>>;
};

// Reads
export const useSystemUserInfo = query('systemUserInfo');
export const useSystemClientConfig = query('systemClientConfig');
export const useSystemDisplayConfig = query('systemDisplayConfig');
export const useUserMailPreferences = query('userMailPreferences');
export const useUserTelegramStatus = query('userTelegramStatus');
export const useSystemPublicKeys = query('systemPublicKeys');
export const useSystemAffiliate = query('systemAffiliate');
export const useSystemInvitationRecords = query('systemInvitationRecords');
export const useSystemKolApplication = query('systemKolApplication');
export const useSystemBenefits = query('systemBenefits');
export const useSystemUserBenefits = query('systemUserBenefits');
export const useSystemThirdPartyStatus = query('systemThirdPartyStatus');
export const useSystemTraffic = query('systemTraffic');
export const useSystemNodes = query('systemNodes');
export const useUserGetDeviceList = query('userGetDeviceList');
export const useUserTicketList = query('userTicketList');
export const useUserTicketDetail = query('userTicketDetail');
export const useUserSessions = query('userSessions');
export const useUserSignInLinkAccount = query('userSignInLinkAccount');
export const usePaymentShop = query('paymentShop');
export const usePaymentCoupon = query('paymentCoupon');
export const usePaymentUpgradeQuote = query('paymentUpgradeQuote');
export const usePaymentOrder = query('paymentOrder');
export const usePaymentOrderStatus = query('paymentOrderStatus');
export const usePaymentCryptoDetails = query('paymentCryptoDetails');
export const usePaymentJointDetail = query('paymentJointDetail');
export const usePaymentJointPurchaseCreated = query('paymentJointPurchaseCreated');
export const usePaymentJointPurchaseParticipated = query('paymentJointPurchaseParticipated');
export const usePaymentJointOrder = query('paymentJointOrder');

// Writes
export const useSystemRedeemCode = mutation('systemRedeemCode');
export const useSystemThirdPartyEnable = mutation('systemThirdPartyEnable');
export const useSystemThirdPartyDisable = mutation('systemThirdPartyDisable');
export const useSystemThirdPartyReset = mutation('systemThirdPartyReset');
export const useUserRegister = mutation('userRegister');
export const useUserLogin = mutation('userLogin');
export const useUserLogout = mutation('userLogout');
export const useUserSendCode = mutation('userSendCode');
export const useUserResetPassword = mutation('userResetPassword');
export const useUserTrial = mutation('userTrial');
export const useUserSignInLink = mutation('userSignInLink');
export const useUserSignInLinkExchange = mutation('userSignInLinkExchange');
export const useUserDeleteAccount = mutation('userDeleteAccount');
export const useUserChangePassword = mutation('userChangePassword');
export const useUserKeepAccount = mutation('userKeepAccount');
export const useUserEndSession = mutation('userEndSession');
export const useUserEndOtherSessions = mutation('userEndOtherSessions');
export const useUserMailPreferencesUpdate = mutation('userMailPreferencesUpdate');
export const useUserMailUnsubscribe = mutation('userMailUnsubscribe');
export const useUserTelegramLink = mutation('userTelegramLink');
export const useUserTelegramUnlink = mutation('userTelegramUnlink');
export const useUserTelegramNotices = mutation('userTelegramNotices');
export const useUserBindDevice = mutation('userBindDevice');
export const useUserUpdateDevice = mutation('userUpdateDevice');
export const useUserUnbindDevice = mutation('userUnbindDevice');
export const useUserTicketOpen = mutation('userTicketOpen');
export const useUserTicketReply = mutation('userTicketReply');
export const useUserTicketClose = mutation('userTicketClose');
export const usePaymentPurchase = mutation('paymentPurchase');
export const usePaymentCryptoSubmit = mutation('paymentCryptoSubmit');
export const usePaymentCancelOrder = mutation('paymentCancelOrder');
export const usePaymentJointPurchase = mutation('paymentJointPurchase');
export const usePaymentJointJoinForPay = mutation('paymentJointJoinForPay');
export const usePaymentJointJoin = mutation('paymentJointJoin');
export const useSystemKolApply = mutation('systemKolApply');
export const useSystemKolWalletUpdate = mutation('systemKolWalletUpdate');

/**
 * Every endpoint's hook by name; `satisfies` fails typecheck when an endpoint has none or the wrong
 * kind.
 */
export const endpointHooks = {
  useSystemUserInfo,
  useSystemClientConfig,
  useSystemDisplayConfig,
  useUserMailPreferences,
  useUserTelegramStatus,
  useSystemPublicKeys,
  useSystemAffiliate,
  useSystemInvitationRecords,
  useSystemKolApplication,
  useSystemBenefits,
  useSystemUserBenefits,
  useSystemThirdPartyStatus,
  useSystemTraffic,
  useSystemNodes,
  useUserGetDeviceList,
  useUserTicketList,
  useUserTicketDetail,
  useUserSessions,
  useUserSignInLinkAccount,
  usePaymentShop,
  usePaymentCoupon,
  usePaymentUpgradeQuote,
  usePaymentOrder,
  usePaymentOrderStatus,
  usePaymentCryptoDetails,
  usePaymentJointDetail,
  usePaymentJointPurchaseCreated,
  usePaymentJointPurchaseParticipated,
  usePaymentJointOrder,
  useSystemRedeemCode,
  useSystemThirdPartyEnable,
  useSystemThirdPartyDisable,
  useSystemThirdPartyReset,
  useUserRegister,
  useUserLogin,
  useUserLogout,
  useUserSendCode,
  useUserResetPassword,
  useUserTrial,
  useUserSignInLink,
  useUserSignInLinkExchange,
  useUserDeleteAccount,
  useUserChangePassword,
  useUserKeepAccount,
  useUserEndSession,
  useUserEndOtherSessions,
  useUserMailPreferencesUpdate,
  useUserMailUnsubscribe,
  useUserTelegramLink,
  useUserTelegramUnlink,
  useUserTelegramNotices,
  useUserBindDevice,
  useUserUpdateDevice,
  useUserUnbindDevice,
  useUserTicketOpen,
  useUserTicketReply,
  useUserTicketClose,
  usePaymentPurchase,
  usePaymentCryptoSubmit,
  usePaymentCancelOrder,
  usePaymentJointPurchase,
  usePaymentJointJoinForPay,
  usePaymentJointJoin,
  useSystemKolApply,
  useSystemKolWalletUpdate,
} satisfies EndpointHooks;
