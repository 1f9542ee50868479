import { createApiClient } from '@nimbus/api-sdk';
import { ApiProvider, createQueryClient } from '@nimbus/api-sdk/react';
import { LANGUAGES, type Language } from '@nimbus/i18n';
import { resources } from '@nimbus/i18n/server';
import { createInstance, type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { AppRoot } from '../app/AppRoot.tsx';
import { EMBEDDED_CATALOGUES_ID, serializeEmbeddedCatalogues } from '../app/embedded-catalogues.ts';
import { AppRoutes } from '../app/AppRoutes.tsx';
import { preloadMatched, toRouteObjects, type WebRoute } from '../app/routes.tsx';
import { provideServices } from '../services/load-services.ts';
import type { WebServices } from '../services/types.ts';

export { LANGUAGES };

/** An i18next instance holding every catalogue (pre-rendering runs in Node at build time). */
function serverI18n(language: Language): I18n {
  const instance = createInstance();
  instance.use(initReactI18next);
  void instance.init({
    resources,
    lng: language,
    fallbackLng: false,
    defaultNS: 'common',
    fallbackNS: false,
    keySeparator: false,
    nsSeparator: ':',
    initAsync: false,
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  return instance;
}

/** API services that never call out: queries render their loading state into the HTML. */
function prerenderServices(language: Language): WebServices {
  const api = createApiClient({
    apiBase: 'http://127.0.0.1:9',
    hostname: 'localhost',
    getLanguage: () => language,
    fetch: () => Promise.reject(new Error('no API calls while pre-rendering')),
  });
  const queryClient = createQueryClient();
  return {
    api,
    queryClient,
    ApiBoundary: ({ children }: { children?: ReactNode }) => (
      <ApiProvider client={api} queryClient={queryClient}>
        {children}
      </ApiProvider>
    ),
    logout: () => Promise.resolve(),
    clientConfig: () => Promise.reject(new Error('not while pre-rendering')),
  };
}

export interface RenderedPage {
  /** The markup for #root. */
  html: string;
  status: number;
  /** The <script> that hands the used catalogues to the client, for the end of <body>. */
  cataloguesScript: string;
  language: Language;
}

/**
 * Renders one route of an app to HTML in one language, as the browser's first render will be
 * (logged out, no API data yet), so the client hydrates it.
 */
export async function renderRoute({
  routes,
  basename,
  url,
  language,
}: {
  routes: readonly WebRoute[];
  basename: string;
  url: string;
  language: Language;
}): Promise<RenderedPage> {
  const i18n = serverI18n(language);
  const services = prerenderServices(language);
  provideServices(services);
  const routeObjects = toRouteObjects(routes, {
    i18n,
    loadServices: () => Promise.resolve(services),
  });
  const { pathname, search, hash } = new URL(url, 'http://localhost');
  const matched = await preloadMatched(routeObjects, pathname, basename);
  const html = renderToString(
    <AppRoot i18n={i18n} basename={basename}>
      <StaticRouter basename={basename} location={`${pathname}${search}${hash}`}>
        <AppRoutes routes={routeObjects} />
      </StaticRouter>
    </AppRoot>,
  );
  const used: Record<string, Record<string, string>> = {};
  for (const ns of new Set(['common', ...(i18n.reportNamespaces?.getUsedNamespaces() ?? [])])) {
    const bundle = i18n.getResourceBundle(language, ns) as Record<string, string> | undefined;
    if (bundle) used[ns] = bundle;
  }
  const json = serializeEmbeddedCatalogues({ language, resources: used });
  return {
    html,
    status: matched ? 200 : 404,
    language,
    cataloguesScript: `<script id="${EMBEDDED_CATALOGUES_ID}" type="application/json">${json}</script>`,
  };
}
