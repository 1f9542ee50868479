import js from '@eslint/js';
import globals from 'globals';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import { boundaries } from './boundaries.js';
import { nimbusPlugin } from './rules/plugin.js';

/** The apps and packages written in React (the server and the tooling are not). */
const REACT_PACKAGES = [
  'apps/marketing/**/*.{ts,tsx}',
  'apps/account/**/*.{ts,tsx}',
  'apps/affiliate/**/*.{ts,tsx}',
  'apps/admin/**/*.{ts,tsx}',
  'packages/ui/**/*.{ts,tsx}',
  'packages/web/**/*.{ts,tsx}',
];

/** A preset's rules with every one switched on as an error (its options kept). */
function errors(rules) {
  return Object.fromEntries(
    Object.entries(rules).map(([name, setting]) => {
      const level = Array.isArray(setting) ? setting[0] : setting;
      if (level === 'off' || level === 0) return [name, setting];
      return [name, Array.isArray(setting) ? ['error', ...setting.slice(1)] : 'error'];
    }),
  );
}

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
  {
    // The React packages: the rules of hooks (with the React Compiler's checks that come with
    // them) and JSX accessibility. Every finding is an error: a warning nobody reads fixes nothing.
    files: REACT_PACKAGES,
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...errors(reactHooks.configs.flat.recommended.rules),
      ...errors(jsxA11y.flatConfigs.recommended.rules),
      // A table whose CSS changes its display (DataTable's stacked rows at 375 px) restates its
      // roles, since some browsers drop table semantics then: rowgroup and cell are allowed.
      'jsx-a11y/no-redundant-roles': [
        'error',
        { nav: ['navigation'], thead: ['rowgroup'], tbody: ['rowgroup'] },
      ],
      'jsx-a11y/no-interactive-element-to-noninteractive-role': [
        'error',
        { tr: ['none', 'presentation'], td: ['cell'], canvas: ['img'] },
      ],
      // Labels whose text sits in a nested span (a title and a description) have text too.
      'jsx-a11y/label-has-associated-control': ['error', { depth: 3 }],
    },
  },
  ...boundaries,
);
