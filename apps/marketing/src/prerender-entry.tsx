// The Node side of pre-rendering (built by `vite build --ssr`, run by scripts/prerender.mjs).
export { routes } from './routes.tsx';
export { renderRoute, renderDocument } from '@nimbus/web/prerender';
export { translate } from '@nimbus/i18n/server';
export { PRERENDER_PAGES } from './prerender-pages.ts';
