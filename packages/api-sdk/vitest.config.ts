import { withBase } from '@nimbus/vitest-config';

export default withBase({
  test: {
    // Type tests (*.test-d.ts) run with the unit tests.
    typecheck: { enabled: true, include: ['src/**/*.test-d.ts'], tsconfig: './tsconfig.json' },
  },
});
