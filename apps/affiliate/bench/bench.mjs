// Initial JS and CSS per route of the built app (run `pnpm build` first; turbo's bench task does),
// from dist/.vite/manifest.json and bench/routes.json, with @nimbus/bench-kit: what a first visit
// to the route downloads before the screen shows. Writes bench-results/initial-js.json and the
// `frontend-affiliate` section of docs/benchmarks.md.
import { fileURLToPath } from 'node:url';
import { benchRoutes } from '@nimbus/bench-kit';

benchRoutes(fileURLToPath(new URL('..', import.meta.url)), 'frontend-affiliate');
