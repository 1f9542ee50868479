import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { createContext, useContext, useEffect, type ReactNode } from 'react';
import type { ApiClient } from '../client/create-api-client.ts';
import { API_QUERY_ROOT } from './keys.ts';

const ApiContext = createContext<ApiClient | null>(null);

export interface ApiProviderProps {
  client: ApiClient;
  queryClient: QueryClient;
  children?: ReactNode;
}

/**
 * Gives the hooks the API client and the query client. When the session changes (login,
 * register, logout, an Unauthorized answer) every API query is reset, so no screen shows the
 * previous account's data and the active ones load again with the new session.
 */
export function ApiProvider({ client, queryClient, children }: ApiProviderProps) {
  useEffect(
    () =>
      client.events.on(
        'token-changed',
        () => void queryClient.resetQueries({ queryKey: [API_QUERY_ROOT] }),
      ),
    [client, queryClient],
  );
  return (
    <ApiContext.Provider value={client}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </ApiContext.Provider>
  );
}

export function useApi(): ApiClient {
  const client = useContext(ApiContext);
  if (!client) throw new Error('useApi needs an <ApiProvider> above it');
  return client;
}
