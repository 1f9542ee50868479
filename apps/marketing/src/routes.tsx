import { SiteLayout, type WebRoute } from '@nimbus/web';

/**
 * Every route of the marketing site (spec section 2, all but /user). Screens are lazy; static
 * ones (`api: false`) render without the API chunk for a fast first paint.
 */
export const routes: WebRoute[] = [
  {
    path: '/',
    Component: SiteLayout,
    children: [
      {
        index: true,
        page: () => import('./pages/home/HomePage.tsx'),
        api: false,
        namespaces: ['home'],
        title: 'home',
      },
      {
        path: 'register',
        page: () => import('./pages/auth/RegisterPage.tsx'),
        guard: 'login-access',
        namespaces: ['auth', 'validation'],
        title: 'register',
      },
      {
        path: 'login',
        page: () => import('./pages/auth/LoginPage.tsx'),
        guard: 'login-access',
        namespaces: ['auth', 'validation'],
        title: 'login',
      },
      {
        path: 'resetpassword',
        page: () => import('./pages/auth/ResetPasswordPage.tsx'),
        guard: 'login-access',
        namespaces: ['auth', 'validation'],
        title: 'reset_password',
      },
      {
        path: 'pricing',
        page: () => import('./pages/pricing/PricingPage.tsx'),
        namespaces: ['pricing', 'validation'],
        title: 'pricing',
      },
      {
        path: 'group-buying',
        page: () => import('./pages/group-buy/GroupBuyPage.tsx'),
        namespaces: ['group-buy', 'pricing'],
        title: 'group_buying',
      },
      {
        path: 'crypto-pay/:productId',
        page: () => import('./pages/crypto/CryptoPayPage.tsx'),
        namespaces: ['crypto', 'pricing', 'validation'],
        title: 'crypto_pay',
      },
      {
        path: 'purchased',
        page: () => import('./pages/pricing/PurchasedPage.tsx'),
        namespaces: ['pricing'],
        title: 'purchased',
      },
      {
        path: 'download',
        page: () => import('./pages/download/DownloadPage.tsx'),
        namespaces: ['download'],
        title: 'download',
      },
      {
        path: 'download/tips',
        page: () => import('./pages/download/DownloadTipsPage.tsx'),
        api: false,
        namespaces: ['download'],
        title: 'download_tips',
      },
      {
        path: 'affiliate',
        page: () => import('./pages/affiliate/AffiliatePage.tsx'),
        api: false,
        namespaces: ['affiliate'],
        title: 'affiliate',
      },
      {
        path: 'faq',
        page: () => import('./pages/faq/FaqPage.tsx'),
        api: false,
        namespaces: ['faq'],
        title: 'faq',
      },
      {
        path: 'unsubscribe',
        page: () => import('./pages/mail/UnsubscribePage.tsx'),
        namespaces: ['account'],
        title: 'unsubscribe',
      },
      {
        path: '*',
        page: () => import('./pages/NotFoundRoute.tsx'),
        api: false,
        title: 'not_found',
      },
    ],
  },
  // One route per clause (not `/clause/:name`): the server's 404s come from these patterns, so
  // `/clause/anything-else` is the not-found page with status 404, not a page answering 200.
  {
    path: '/clause/terms',
    page: () => import('./pages/legal/ClausePage.tsx'),
    api: false,
    namespaces: ['legal'],
    title: 'terms',
  },
  {
    path: '/clause/privacy',
    page: () => import('./pages/legal/ClausePage.tsx'),
    api: false,
    namespaces: ['legal'],
    title: 'privacy',
  },
  {
    path: '/clause/canary',
    page: () => import('./pages/legal/ClausePage.tsx'),
    api: false,
    namespaces: ['legal'],
    title: 'canary',
  },
  {
    path: '/apple-help',
    page: () => import('./pages/download/AppleHelpPage.tsx'),
    api: false,
    namespaces: ['download'],
    title: 'apple_help',
  },
  {
    path: '/trial',
    page: () => import('./pages/home/TrialPage.tsx'),
    // The page keeps a trial account (the form calls the API).
    namespaces: ['home', 'auth', 'validation'],
    title: 'trial',
  },
  {
    path: '/loading',
    page: () => import('./pages/LoadingPage.tsx'),
    api: false,
    errorPage: false,
    title: 'loading',
  },
  {
    path: '/download/smart_links',
    page: () => import('./pages/download/SmartLinksPage.tsx'),
    errorPage: false,
    namespaces: ['download'],
    title: 'smart_links',
  },
];
