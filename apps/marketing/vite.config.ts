import { defineAppConfig } from '@nimbus/vite-config';

export default defineAppConfig({
  base: '/',
  port: 5173,
  prerender: { entry: 'src/prerender-entry.tsx' },
});
