import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import { withBase } from '@nimbus/vitest-config';

// Unit tests of the console's route list and view logic; behaviour against the server is e2e/.
export default withBase({
  plugins: [vanillaExtractPlugin(), react()],
});
