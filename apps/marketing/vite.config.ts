import { defineAppConfig } from '@nimbus/web/vite';

export default defineAppConfig({
  base: '/',
  port: 5173,
  prerender: { entry: 'src/prerender-entry.tsx' },
  runtime: 'preact',
});
