import { QueryClient } from '@tanstack/react-query';

/** The apps' query client with the spec's defaults: no retry, no refetch on window focus. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
