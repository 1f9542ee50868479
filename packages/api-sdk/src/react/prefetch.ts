import { PREFETCH_CACHE_MS, PREFETCH_DELAY_MS } from '@nimbus/domain';
import type { QueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../client/create-api-client.ts';
import { apiQueryKey } from './keys.ts';

/** The pages that prefetch the goods list and client config (spec section 2). */
export const LANDING_PREFETCH_PATHS = [
  '/',
  '/pricing',
  '/group-buying',
  '/download',
  '/affiliate',
  '/login',
  '/register',
  '/resetpassword',
] as const;

export function isLandingPrefetchPath(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return (LANDING_PREFETCH_PATHS as readonly string[]).includes(path);
}

/**
 * Fetches the goods list and the client config 1.5 s after load and keeps them 3 minutes, so
 * the pricing and download screens open with their data. Returns a function that cancels a
 * prefetch that has not started yet. Failures are quiet: the screens fetch again when opened.
 */
export function prefetchLandingData(
  queryClient: QueryClient,
  api: ApiClient,
  { delayMs = PREFETCH_DELAY_MS }: { delayMs?: number } = {},
): () => void {
  const timer = setTimeout(() => {
    void queryClient.prefetchQuery({
      queryKey: apiQueryKey('paymentShop', {}),
      queryFn: ({ signal }) => api.paymentShop({}, { signal }),
      staleTime: PREFETCH_CACHE_MS,
      gcTime: PREFETCH_CACHE_MS,
    });
    void queryClient.prefetchQuery({
      queryKey: apiQueryKey('systemClientConfig', {}),
      queryFn: ({ signal }) => api.systemClientConfig({}, { signal }),
      staleTime: PREFETCH_CACHE_MS,
      gcTime: PREFETCH_CACHE_MS,
    });
  }, delayMs);
  return () => clearTimeout(timer);
}
