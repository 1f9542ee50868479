import { routePatterns } from '@nimbus/vite-config/prerender';
import { expect, test } from 'vitest';
import listed from '../public/routes.json';
import { routes } from './routes.tsx';

// The server answers a path none of these takes with 404 and the console's not-found screen; the
// build copies public/routes.json to dist/routes.json. A screen added here must be listed there.
test('public/routes.json lists every route of the console', () => {
  expect([...listed].sort()).toEqual(routePatterns(routes).sort());
});
