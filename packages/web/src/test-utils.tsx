import { useLayoutEffect, type ReactNode } from 'react';
import { MemoryRouter, useLocation, type Location, type RouteObject } from 'react-router';
import { act, render, type RenderResult } from '@testing-library/react';
import { AppRoot } from './app/AppRoot.tsx';
import { AppRoutes } from './app/AppRoutes.tsx';
import { createWebI18n, loadNamespaces } from './i18n/create-web-i18n.ts';

/** Where the router is now, as a test reads it after clicks and redirects. */
export interface RouterProbe {
  location: () => Location;
}

function LocationProbe({ locationRef }: { locationRef: { current?: Location } }) {
  const location = useLocation();
  useLayoutEffect(() => {
    locationRef.current = location;
  }, [location, locationRef]);
  return null;
}

/**
 * Renders routes in a memory router inside the real AppRoot and AppRoutes (English catalogues
 * loaded), as the apps do in the browser.
 */
export async function renderApp(
  routes: RouteObject[],
  { url = '/', basename = '/' }: { url?: string; basename?: string } = {},
) {
  const i18n = createWebI18n('en');
  await loadNamespaces(i18n, ['common']);
  const current: { current?: Location } = {};
  // Awaited: a lazy screen suspends, and React retries it only inside an awaited act.
  let utils!: RenderResult;
  await act(async () => {
    utils = render(
      <AppRoot i18n={i18n} basename={basename}>
        <MemoryRouter initialEntries={[url]} basename={basename}>
          <LocationProbe locationRef={current} />
          <AppRoutes routes={routes} />
        </MemoryRouter>
      </AppRoot>,
    );
  });
  const router: RouterProbe = {
    location: () => {
      if (!current.current) throw new Error('the router has not rendered');
      return current.current;
    },
  };
  return { ...utils, router, i18n };
}

export function Page({ children }: { children: ReactNode }) {
  return <main>{children}</main>;
}
