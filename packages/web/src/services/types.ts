import type { ApiClient, ResponseOf } from '@nimbus/api-sdk';
import type { QueryClient } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import type { ComponentType, ReactNode } from 'react';

export type ClientConfig = ResponseOf<'systemClientConfig'>;

/** What the shell gives the services chunk when it loads. */
export interface ServicesConfig {
  i18n: I18n;
  /** The app's basename ('/', '/user', '/user/kol'). */
  basename: string;
  /** In-app navigation (the router's); other apps' paths are full page loads. */
  navigate: (to: string) => void;
}

/**
 * The API client and what hangs off it, loaded after first paint (the SDK and TanStack Query are
 * not in the entry chunk).
 */
export interface WebServices {
  api: ApiClient;
  queryClient: QueryClient;
  /** ApiProvider with this client and query client: pages that call the API render inside it. */
  ApiBoundary: ComponentType<{ children?: ReactNode }>;
  /** Ends the session (server and browser) and updates the login state. */
  logout: () => Promise<void>;
  /** Fetches (or returns the cached) client config: downloads, links, payment methods. */
  clientConfig: () => Promise<ClientConfig>;
}
