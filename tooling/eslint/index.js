import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { boundaries } from './boundaries.js';
import { nimbusPlugin } from './rules/import-extensions.js';

/**
 * The one lint configuration of the workspace. The root eslint.config.js uses it, so every
 * package is linted with the same rules and the layer boundaries see real paths.
 */
export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/coverage/**',
      '**/storybook-static/**',
      '**/.turbo/**',
      '.tooling/**',
      '**/test-results/**',
      '**/playwright-report/**',
      '**/*.d.ts',
      'data/**',
      '**/data/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2024,
      sourceType: 'module',
      globals: { ...globals.node, ...globals.browser },
    },
    plugins: { nimbus: nimbusPlugin },
    rules: {
      'nimbus/import-extensions': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-non-null-assertion': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      eqeqeq: ['error', 'smart'],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    // process.env is read in one env.ts per app or package (house style), plus tooling and scripts.
    files: ['apps/**/*.{ts,tsx}', 'packages/**/*.{ts,tsx}'],
    ignores: [
      '**/env.ts',
      '**/*.test.ts',
      '**/*.test.tsx',
      '**/test/**',
      '**/e2e/**',
      '**/bench/**',
      '**/scripts/**',
      '**/*.config.ts',
      '**/.storybook/**',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.name='process'][property.name='env']",
          message: 'Read process.env only in env.ts.',
        },
      ],
    },
  },
  {
    files: [
      '**/scripts/**',
      '**/bench/**',
      '**/*.test.ts',
      '**/*.test.tsx',
      '**/test/**',
      '**/e2e/**',
      'tooling/**',
    ],
    rules: { 'no-console': 'off' },
  },
  ...boundaries,
);
