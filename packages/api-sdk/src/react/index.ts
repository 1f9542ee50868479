/**
 * @nimbus/api-sdk/react: TanStack Query on top of the client. A hook per endpoint, the login
 * state, and the landing-page prefetch.
 */
export { ApiProvider, useApi, type ApiProviderProps } from './context.tsx';
export * from './hooks.ts';
export {
  API_QUERY_ROOT,
  INVALIDATES,
  STALE_TIME_MS,
  apiQueryKey,
  type ApiQueryKey,
} from './keys.ts';
export { useLoginState, useToken, type LoginState } from './login-state.ts';
export { LANDING_PREFETCH_PATHS, isLandingPrefetchPath, prefetchLandingData } from './prefetch.ts';
export { createQueryClient } from './query-client.ts';
