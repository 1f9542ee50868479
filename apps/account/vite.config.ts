import { defineAppConfig } from '@nimbus/vite-config';
import { defineConfig } from 'vite';

// Served under /user/ by the one-origin server; hashed assets land in dist/assets (/user/assets/).
export default defineConfig(defineAppConfig({ base: '/user/', port: 5174 }));
