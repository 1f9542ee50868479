import { defineAppConfig } from '@nimbus/vite-config';
import { defineConfig } from 'vite';

// Served under /user/kol/ by the one-origin server; hashed assets land in dist/assets
// (/user/kol/assets/).
export default defineConfig(defineAppConfig({ base: '/user/kol/', port: 5175 }));
