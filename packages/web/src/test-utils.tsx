import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { render } from '@testing-library/react';
import { AppRoot } from './app/AppRoot.tsx';
import { createWebI18n, loadNamespaces } from './i18n/create-web-i18n.ts';

/** Renders routes in a memory router inside the real AppRoot (English catalogues loaded). */
export async function renderApp(
  routes: RouteObject[],
  { url = '/', basename = '/' }: { url?: string; basename?: string } = {},
) {
  const i18n = createWebI18n('en');
  await loadNamespaces(i18n, ['common']);
  const router = createMemoryRouter(routes, { initialEntries: [url], basename });
  const utils = render(
    <AppRoot i18n={i18n} basename={basename}>
      <RouterProvider router={router} />
    </AppRoot>,
  );
  return { ...utils, router, i18n };
}

export function Page({ children }: { children: ReactNode }) {
  return <main>{children}</main>;
}
