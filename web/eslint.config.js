// ESLint 9 flat config for web/ and e2e/ (root script: npm run lint).
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// The config lives in web/ but lints from the repository root (web/ and e2e/).
const configs = tseslint.config(
  {
    ignores: ['**/dist/**', '**/node_modules/**', '**/*.gen.ts', 'e2e/test-results/**', 'e2e/playwright-report/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['**/app/src/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)features/|^\\.\\./(?!\\.\\.?/|api/)[^/]+/',
              message: 'Features do not import each other; share through web/shared or src/components.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/scripts/*.mjs', '**/vite.shared.ts', '**/vitest.config.ts', '**/vite.config.ts', '**/e2e/**/*.ts', '**/eslint.config.js'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['**/public/sw.js'],
    languageOptions: { globals: { ...globals.serviceworker } },
  },
);

export default configs.map((config) => ({ basePath: '..', ...config }));
