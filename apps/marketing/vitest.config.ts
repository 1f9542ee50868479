import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import { withBase } from '@nimbus/vitest-config';

export default withBase({
  plugins: [vanillaExtractPlugin(), react()],
  test: {
    environment: 'jsdom',
    environmentOptions: { jsdom: { url: 'http://localhost:8080/' } },
    setupFiles: ['./src/test-setup.ts'],
  },
});
