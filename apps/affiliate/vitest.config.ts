import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import { withBase } from '@nimbus/vitest-config';

// Unit tests of screens and view logic in jsdom; behaviour against the server is in e2e/.
export default withBase({
  plugins: [vanillaExtractPlugin(), react()],
  test: {
    environment: 'jsdom',
    setupFiles: ['./test/setup.ts'],
  },
});
