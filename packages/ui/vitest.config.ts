import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import { withBase } from '@nimbus/vitest-config';

// vanilla-extract's plugin turns *.css.ts into class-name modules so components render under
// jsdom as they do in the browser (the CSS itself is not applied in jsdom).
export default withBase({
  plugins: [vanillaExtractPlugin(), react()],
  test: {
    environment: 'jsdom',
    setupFiles: ['./test/setup.ts'],
  },
});
