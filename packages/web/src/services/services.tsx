import { ApiError, createApiClient } from '@nimbus/api-sdk';
import { DEVICE_ID_INVALID_CODE } from '@nimbus/api-sdk/contract';
import {
  ApiProvider,
  apiQueryKey,
  createQueryClient,
  isLandingPrefetchPath,
  prefetchLandingData,
} from '@nimbus/api-sdk/react';
import { PREFETCH_CACHE_MS } from '@nimbus/domain/constants';
import { toLanguage } from '@nimbus/i18n';
import { toast } from '@nimbus/ui/toast';
import type { ReactNode } from 'react';
import { heldUntilHydrated } from '../app/hydration.ts';
import { isInAppHref, LOGIN_PATH, loginUrl, stripBasename } from '../app-paths.ts';
import { sessionStore } from '../session/session-store.ts';
import { clientConfigStore } from './client-config-store.ts';
import { displayConfigStore, type DisplayConfig } from './display-config-store.ts';
import type { ClientConfig, ServicesConfig, WebServices } from './types.ts';
import { wireApiEvents } from './wire-events.ts';

/**
 * Creates the API client (same origin, prefix by hostname; it takes a sign-in link's ?token=
 * parameter off the address bar for SignInLinkPrompt to ask about, and captures the tracking
 * parameters as it starts), the query client, and wires the SDK events.
 */
export function createServices({ i18n, basename, navigate }: ServicesConfig): WebServices {
  // No answer reaches a page before the pre-rendered HTML has hydrated: the first render must
  // show what the HTML shows (no data yet), however early the requests were answered.
  const api = heldUntilHydrated(
    createApiClient({
      apiBase: '',
      hostname: globalThis.location?.hostname ?? 'localhost',
      getLanguage: () => toLanguage(i18n.language),
    }),
  );
  const queryClient = createQueryClient();

  // Asked directly rather than through fetchQuery: a session change resets the API queries
  // (ApiProvider), which would cancel this very check. The answer still primes the cache.
  const userInfo = async () => {
    const info = await api.systemUserInfo({});
    queryClient.setQueryData(apiQueryKey('systemUserInfo', {}), info, { updatedAt: Date.now() });
    return info;
  };
  const clientConfig = (): Promise<ClientConfig> =>
    queryClient.fetchQuery({
      queryKey: apiQueryKey('systemClientConfig', {}),
      queryFn: ({ signal }) => api.systemClientConfig({}, { signal }),
      staleTime: PREFETCH_CACHE_MS,
    });

  const go = (href: string) => {
    if (isInAppHref(href, basename)) navigate(stripBasename(href, basename));
    else globalThis.location.assign(href);
  };

  wireApiEvents(api, {
    translate: async (key) => {
      const ns = key.split(':')[0] ?? 'errors';
      await i18n.loadNamespaces(ns);
      // The key comes from the SDK at run time, so the typed `t` is bypassed on purpose.
      const t = i18n.t.bind(i18n) as unknown as (k: string) => string;
      return i18n.exists(key) ? t(key) : undefined;
    },
    showError: (message) => toast.error(message),
    currentPath: () => `${location.pathname}${location.search}${location.hash}`,
    goToLogin: (returnTo) => {
      if (location.pathname === LOGIN_PATH) return;
      go(loginUrl(returnTo));
    },
    setSession: (state) => sessionStore.setState(state, true),
    // A device id the server cannot read is replaced in the same answer (and kept by the
    // client): asking once more tells whether the session itself is valid.
    checkSession: () =>
      userInfo()
        .catch((error: unknown) =>
          error instanceof ApiError && error.code === DEVICE_ID_INVALID_CODE
            ? userInfo()
            : Promise.reject(error),
        )
        .then(
          () => true,
          () => false,
        ),
  });

  // Header and footer links (blog, status, mirrors, announcements) come from the client config.
  queryClient.getQueryCache().subscribe((event) => {
    if (
      event.query.queryHash === JSON.stringify(apiQueryKey('systemClientConfig', {})) &&
      event.query.state.data
    ) {
      clientConfigStore.setState(event.query.state.data as ClientConfig, true);
    }
  });
  void clientConfig().catch(() => undefined);
  // Notices, feature switches and the highlighted plan: every app shows them (site settings an
  // operator changes at run time, so read on each page load rather than built in).
  const displayKey = JSON.stringify(apiQueryKey('systemDisplayConfig', {}));
  queryClient.getQueryCache().subscribe((event) => {
    if (event.query.queryHash === displayKey && event.query.state.data) {
      displayConfigStore.setState(
        { config: event.query.state.data as DisplayConfig, receivedAt: Date.now() },
        true,
      );
    }
  });
  void queryClient
    .fetchQuery({
      queryKey: apiQueryKey('systemDisplayConfig', {}),
      queryFn: ({ signal }) => api.systemDisplayConfig({}, { signal }),
      staleTime: PREFETCH_CACHE_MS,
    })
    .catch(() => undefined);
  if (isLandingPrefetchPath(location.pathname)) prefetchLandingData(queryClient, api);

  function ApiBoundary({ children }: { children?: ReactNode }) {
    return (
      <ApiProvider client={api} queryClient={queryClient}>
        {children}
      </ApiProvider>
    );
  }

  return {
    api,
    queryClient,
    ApiBoundary,
    clientConfig,
    logout: async () => {
      await api.logout();
      sessionStore.setState('loggedOut', true);
    },
  };
}
