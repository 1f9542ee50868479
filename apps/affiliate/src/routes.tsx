import { NotFoundPage, SiteLayout, type WebRoute } from '@nimbus/web';

/**
 * The KOL dashboard under /user/kol: the site header and footer, the authentication guard, and
 * the dashboard as a lazy chunk that loads its catalogues and the API client before it renders.
 */
export const routes: WebRoute[] = [
  {
    Component: SiteLayout,
    children: [
      {
        index: true,
        page: () => import('./dashboard/KolPage.tsx'),
        guard: 'auth',
        namespaces: ['kol', 'account'],
        title: 'user_kol',
      },
      { path: '*', Component: NotFoundPage },
    ],
  },
];
