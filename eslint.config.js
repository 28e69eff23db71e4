// Type-checked linting for the whole monorepo; one config so every workspace follows the same rules.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/** e2e waits for what the page shows; clock time passes only in e2e/support/wait.ts (docs/testing.md). */
const noFixedWait = {
  selector: "CallExpression[callee.property.name='waitForTimeout']",
  message:
    'Wait for what the page shows (support/ui.ts), or letTimePass() from support/wait.ts where time itself is tested.',
};

export default tseslint.config(
  {
    ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'packages/db/migrations/**', '.test-results/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      // Fastify plugins and handlers are async by contract even when they await nothing.
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: ['e2e/**/*.ts'],
    ignores: ['e2e/support/wait.ts'],
    rules: {
      'no-restricted-syntax': ['error', noFixedWait],
    },
  },
  {
    files: ['e2e/**/*.e2e.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        noFixedWait,
        {
          selector: "CallExpression[callee.name='setTimeout']",
          message:
            'No sleeps in e2e tests: wait for what the page shows, or letTimePass() from support/wait.ts.',
        },
      ],
    },
  },
  { files: ['**/*.{js,mjs,cjs}'], ...tseslint.configs.disableTypeChecked },
);
