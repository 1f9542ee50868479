import { withBase } from '@nimbus/vitest-config';

export default withBase({
  test: {
    coverage: {
      thresholds: { lines: 95, statements: 95, functions: 95, branches: 90 },
    },
  },
});
