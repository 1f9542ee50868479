import { withBase } from '@nimbus/vitest-config';

export default withBase({
  test: {
    // Files that need a browser say so with `// @vitest-environment jsdom`; the page is on a
    // subdomain so the parent-domain cookie rules are exercised.
    environmentOptions: { jsdom: { url: 'http://app.nimbus.test/' } },
    // Type tests (*.test-d.ts) run with the unit tests.
    typecheck: {
      enabled: true,
      include: ['src/**/*.test-d.ts', 'src/**/*.test-d.tsx'],
      tsconfig: './tsconfig.json',
    },
  },
});
