import { defineConfig, mergeConfig, type ViteUserConfig } from 'vitest/config';

/**
 * The shared test configuration: every package's vitest.config.ts merges its own needs into this.
 * Tests sit beside their source (`*.test.ts`), type tests are `*.test-d.ts`.
 */
export const baseConfig = defineConfig({
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.{ts,tsx}'],
    exclude: ['**/node_modules/**', '**/dist/**', '**/e2e/**'],
    // The JSON report feeds the one closing line of CI (tooling/scripts/test-summary.mjs).
    reporters: ['default', ['json', { outputFile: 'test-results/vitest.json' }]],
    restoreMocks: true,
    // Generous: CI runs on two shared cores, where loading a tool (ESLint, a browser) can take
    // long.
    testTimeout: 60_000,
    hookTimeout: 120_000,
    coverage: {
      provider: 'v8',
      include: ['src/**/*.{ts,tsx}'],
      exclude: [
        'src/**/*.test.{ts,tsx}',
        'src/**/*.test-d.ts',
        'src/**/*.stories.tsx',
        'src/**/index.ts',
      ],
      reporter: ['text-summary', 'json-summary'],
    },
  },
});

export function withBase(config: ViteUserConfig): ViteUserConfig {
  return mergeConfig(baseConfig, config);
}
