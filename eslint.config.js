import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import prettier from 'eslint-config-prettier';

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '**/data/**',
      '**/.e2e-data*/**',
      'e2e/screenshots/**',
      'e2e/test-results/**',
      'e2e/playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // Tests parse JSON bodies of many shapes.
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  // --- Server and shared boundaries and type-aware rules (issue 11, server and tooling) ---
  {
    files: ['apps/server/src/**/*.ts', 'packages/shared/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'error' },
  },
  {
    files: ['apps/server/**/*.ts', 'packages/shared/**/*.ts'],
    ignores: ['**/vitest.config.ts', 'apps/server/drizzle.config.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': [
        'error',
        { considerDefaultExhaustiveForUnions: true },
      ],
    },
  },
  {
    // The rules live in domain/; HTTP, timers and plugins call it, never the other way round.
    files: ['apps/server/src/domain/**/*.ts'],
    // The demo bank runs the month-end job; it moves into domain/month-end in this same issue.
    ignores: ['apps/server/src/domain/demo/seed-demo-bank.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                '**/routes/**',
                '**/jobs/**',
                '**/plugins/**',
                '**/app.js',
                '**/server.js',
                '**/cli.js',
              ],
              message: 'domain/ must not import routes, jobs, plugins or the app.',
            },
          ],
        },
      ],
    },
  },
  // --- end of the server and tooling block ---
  prettier,
);
