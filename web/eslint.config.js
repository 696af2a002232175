// ESLint 9 flat config for web/ and e2e/ (root script: npm run lint).
import { dirname, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const repository = fileURLToPath(new URL('..', import.meta.url));

// Folders whose subfolders are features (bulletproof-react): a borrower
// feature, a console section. Their other subfolders are shared by all.
const FEATURE_HOMES = [
  { home: 'web/app/src/features', shared: [] },
  { home: 'web/console/src', shared: ['i18n', 'testing'] },
];

/** The feature a file belongs to (`web/app/src/features/kyc`), if any. */
function featureOf(file) {
  const path = relative(repository, file).split(sep).join('/');
  for (const { home, shared } of FEATURE_HOMES) {
    if (!path.startsWith(`${home}/`)) continue;
    const [name, ...rest] = path.slice(home.length + 1).split('/');
    // A file directly in the home folder (console's api.ts) is shared, not a feature.
    if (rest.length > 0 && !shared.includes(name)) return `${home}/${name}`;
  }
  return null;
}

// Features do not import each other: a shared piece moves to components/,
// lib/ or web/shared (console: a file beside api.ts). Resolving each relative
// import catches every spelling (`../kyc/form`, `../../kyc/api/x`), which a
// pattern over the import text cannot.
const featureBoundaries = {
  meta: {
    type: 'problem',
    messages: {
      crossing: "'{{source}}' reaches into {{target}}: features do not import each other; move the shared piece out (app: components/ or lib/; console: beside api.ts; or web/shared).",
    },
  },
  create(context) {
    const own = featureOf(context.filename);
    if (!own) return {};
    const check = (node) => {
      const source = node.source?.value;
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = featureOf(resolve(dirname(context.filename), source));
      if (target && target !== own) context.report({ node: node.source, messageId: 'crossing', data: { source, target } });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};

// The config lives in web/ but lints from the repository root (web/ and e2e/).
const configs = tseslint.config(
  {
    ignores: ['**/dist/**', '**/node_modules/**', '**/*.gen.ts', '**/test-results/**', '**/playwright-report/**'],
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
    files: ['**/app/src/features/**/*.{ts,tsx}', '**/console/src/**/*.{ts,tsx}'],
    plugins: { hiram: { rules: { 'feature-boundaries': featureBoundaries } } },
    rules: { 'hiram/feature-boundaries': 'error' },
  },
  // A link in the borrower app is components/Link.tsx: react-router's own
  // brings route prefetching the pages never use (decision 094).
  {
    files: ['**/app/src/**/*.{ts,tsx}'],
    ignores: ['**/app/src/components/Link.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'react-router',
              importNames: ['Link', 'NavLink'],
              message: "Use Link from the app's components/Link.tsx: react-router's carries route prefetching the pages never use (decision 094).",
            },
          ],
        },
      ],
    },
  },
  // A borrower endpoint file takes its types from the server's OpenAPI
  // document: it calls by path through formApi or jsonApi
  // (web/shared/src/api/endpoints.ts), which take the documented fields and
  // answer with the documented replies (an alias the web calls, typed as its
  // documented twin: api/aliases.ts). The untyped clients, and a reply type
  // written as a call's type argument, are refused.
  {
    files: ['**/app/src/features/*/api/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@hiram/shared/api/request',
              importNames: ['formClient', 'jsonClient', 'createClient'],
              message: 'Call the endpoint by path through formApi or jsonApi (@hiram/shared/api/endpoints): the reply type comes from the server\'s document.',
            },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: 'CallExpression[callee.property.name=/^(get|post)$/][typeArguments]',
          message: 'A reply type comes from the server\'s document (formApi or jsonApi by path), not from a type argument.',
        },
      ],
    },
  },
  // A browser test takes `test` and `expect` from e2e/test.ts, whose `test`
  // fails on a Content-Security-Policy violation in the page.
  {
    files: ['e2e/tests/**/*.ts', 'e2e/screenshots/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@playwright/test',
              importNames: ['test', 'expect'],
              message: "Import test and expect from '../test': its test fails when the page breaks its Content-Security-Policy.",
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
