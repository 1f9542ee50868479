import { NotFoundPage, SiteLayout, UserLayout, type WebRoute } from '@nimbus/web';

const NAMESPACES = ['kol', 'account', 'affiliate', 'validation', 'auth'] as const;

/**
 * The KOL dashboard under /user/kol: the site header and footer, the account centre's section
 * navigation around the page (the spec shows it inside the user layout), the authentication guard, and
 * each page as a lazy chunk that loads its catalogues and the API client before it renders: the
 * dashboard, the application to join, and the payout wallet.
 */
export const routes: WebRoute[] = [
  {
    Component: SiteLayout,
    children: [
      {
        Component: UserLayout,
        children: [
          {
            index: true,
            page: () => import('./dashboard/KolPage.tsx'),
            guard: 'auth',
            namespaces: [...NAMESPACES],
            title: 'user_kol',
          },
          {
            path: 'apply',
            page: () => import('./apply/ApplyPage.tsx'),
            guard: 'auth',
            namespaces: [...NAMESPACES],
            title: 'user_kol_apply',
          },
          {
            path: 'wallet',
            page: () => import('./wallet/WalletPage.tsx'),
            guard: 'auth',
            namespaces: [...NAMESPACES],
            title: 'user_kol_wallet',
          },
        ],
      },
      { path: '*', Component: NotFoundPage },
    ],
  },
];
