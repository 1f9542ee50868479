// The Node side of pre-rendering (built by `vite build --ssr`, run by scripts/prerender.ts
// through @nimbus/vite-config/prerender).
export { routes } from './routes.tsx';
export { renderRoute } from '@nimbus/web/prerender';
export { translate } from '@nimbus/i18n/server';
export { PRERENDER_PAGES } from './prerender-pages.ts';
