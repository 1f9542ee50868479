/**
 * The public pages pre-rendered to dist/<lang>/<route>/index.html in both languages, with the
 * meta catalogue prefix of their title and description. The 404 page is dist/<lang>/404/.
 */
export const PRERENDER_PAGES = [
  { path: '/', meta: 'home' },
  { path: '/pricing', meta: 'pricing' },
  { path: '/group-buying', meta: 'group_buying' },
  { path: '/download', meta: 'download' },
  { path: '/download/tips', meta: 'download_tips' },
  { path: '/affiliate', meta: 'affiliate' },
  { path: '/faq', meta: 'faq' },
  { path: '/login', meta: 'login' },
  { path: '/register', meta: 'register' },
  { path: '/resetpassword', meta: 'reset_password' },
  { path: '/clause/terms', meta: 'terms' },
  { path: '/clause/privacy', meta: 'privacy' },
  { path: '/clause/canary', meta: 'canary' },
  { path: '/apple-help', meta: 'apple_help' },
  { path: '/trial', meta: 'trial' },
  { path: '/404', meta: 'not_found', notFound: true },
] as const;
