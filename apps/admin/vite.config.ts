import { defineAppConfig } from '@nimbus/vite-config';
import { defineConfig } from 'vite';

// Served under /admin/ by the one-origin server; hashed assets land in dist/assets
// (/admin/assets/).
export default defineConfig(defineAppConfig({ base: '/admin/', port: 5176 }));
