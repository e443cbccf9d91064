import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import prettier from 'eslint-config-prettier';
import { readdirSync } from 'node:fs';
import local from './eslint-rules/no-import-cycle.js';

/** The web's feature folders; each may import only itself among them. */
const webFeatures = readdirSync(new URL('./apps/web/src/features', import.meta.url));

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '**/data/**',
      '**/.e2e-data*/**',
      '.lighthouse-baseline-*/**',
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
    ignores: ['**/vitest.config.ts'],
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
  {
    // One clock: the domain is handed the time (`now`, or the routes' and jobs' clock),
    // so tests, the demo seed and runs "as of" a moment can set it. new Date(x) is fine.
    files: ['apps/server/src/domain/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "NewExpression[callee.name='Date'][arguments.length=0]",
          message:
            'Domain code does not read the time: take `now` (or a Clock) from the caller; routes and jobs have the one clock.',
        },
        {
          selector: "CallExpression[callee.object.name='Date'][callee.property.name='now']",
          message:
            'Domain code does not read the time: take `now` (or a Clock) from the caller; routes and jobs have the one clock.',
        },
      ],
    },
  },
  // --- end of the server and tooling block ---
  {
    // No import cycles (issue 11 item 7): a module never reaches itself again through what it imports.
    files: ['apps/web/src/**/*.{ts,tsx}', 'packages/shared/src/**/*.ts', 'apps/server/src/**/*.ts'],
    plugins: { local },
    rules: { 'local/no-import-cycle': 'error' },
  },
  // ---- apps/web: boundaries and size (ARCHITECTURE.md rules 1, 9, 13) ----
  // Imports flow components/lib -> features -> app; a feature never reaches into another. The
  // folders are flat, so relative paths say where an import lands (core rule: eslint-plugin-import-x
  // pulls in unrs-resolver, whose platform packages npm 11 leaves out of the lock file, breaking npm ci).
  ...webFeatures.map((feature) => ({
    files: [`apps/web/src/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `^\\.\\./(?!${feature}/|\\.\\./)`,
              message: 'Features do not import each other; share it through lib/ or components/.',
            },
            { regex: '^\\.\\./\\.\\./app/', message: 'Features do not import app/; app/ imports them.' },
          ],
        },
      ],
    },
  })),
  {
    files: ['apps/web/src/lib/**/*.{ts,tsx}', 'apps/web/src/components/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.\\./(features|app)/',
              message: 'lib/ and components/ import neither features nor app.',
            },
          ],
        },
      ],
    },
  },
  {
    // No component (or other function) over 70 lines; tests are exempt (one scenario per test).
    files: ['apps/web/src/**/*.tsx'],
    ignores: ['apps/web/src/**/*.test.tsx'],
    rules: { 'max-lines-per-function': ['error', { max: 70, skipBlankLines: true, skipComments: true }] },
  },
  // ---- end apps/web ----
  {
    // The same 70-line limit on the server (issue 23): routes, domain, jobs, plugins and the app.
    files: ['apps/server/src/**/*.ts', 'packages/shared/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: { 'max-lines-per-function': ['error', { max: 70, skipBlankLines: true, skipComments: true }] },
  },
  prettier,
);
