/**
 * The public pages pre-rendered to dist/<lang>/<route>/index.html in both languages, with the
 * meta catalogue prefix of their title and description, and the page module (its chunk and CSS
 * are preloaded so the page hydrates without a waterfall). The 404 page is dist/<lang>/404/.
 */
export const PRERENDER_PAGES = [
  { path: '/', meta: 'home', module: 'src/pages/home/HomePage.tsx' },
  { path: '/pricing', meta: 'pricing', module: 'src/pages/pricing/PricingPage.tsx' },
  { path: '/group-buying', meta: 'group_buying', module: 'src/pages/group-buy/GroupBuyPage.tsx' },
  { path: '/download', meta: 'download', module: 'src/pages/download/DownloadPage.tsx' },
  {
    path: '/download/tips',
    meta: 'download_tips',
    module: 'src/pages/download/DownloadTipsPage.tsx',
  },
  { path: '/affiliate', meta: 'affiliate', module: 'src/pages/affiliate/AffiliatePage.tsx' },
  { path: '/faq', meta: 'faq', module: 'src/pages/faq/FaqPage.tsx' },
  { path: '/login', meta: 'login', module: 'src/pages/auth/LoginPage.tsx' },
  { path: '/register', meta: 'register', module: 'src/pages/auth/RegisterPage.tsx' },
  {
    path: '/resetpassword',
    meta: 'reset_password',
    module: 'src/pages/auth/ResetPasswordPage.tsx',
  },
  { path: '/clause/terms', meta: 'terms', module: 'src/pages/legal/ClausePage.tsx' },
  { path: '/clause/privacy', meta: 'privacy', module: 'src/pages/legal/ClausePage.tsx' },
  { path: '/clause/canary', meta: 'canary', module: 'src/pages/legal/ClausePage.tsx' },
  { path: '/apple-help', meta: 'apple_help', module: 'src/pages/download/AppleHelpPage.tsx' },
  { path: '/trial', meta: 'trial', module: 'src/pages/home/TrialPage.tsx' },
  { path: '/404', meta: 'not_found', notFound: true, module: 'src/pages/NotFoundRoute.tsx' },
] as const;
