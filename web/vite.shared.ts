// Settings every web entry shares: the @hiram/shared source alias, JSX through
// Vite's own transformer (no React plugin needed), and the build defaults that
// the Rust server relies on (hashed files under <dist>/assets, a manifest for
// the page-weight script).
import { fileURLToPath } from 'node:url';
import type { UserConfig } from 'vite';

const sharedSrc = fileURLToPath(new URL('./shared/src/', import.meta.url));
// react-router publishes only its development build through "exports"; the
// production build beside it drops dev-only warnings.
const reactRouterProd = fileURLToPath(
  new URL('../node_modules/react-router/dist/production/index.mjs', import.meta.url),
);

export function entryConfig(base: string, input?: Record<string, string>): UserConfig {
  return {
    base,
    resolve: {
      alias: [
        { find: /^@hiram\/shared\//, replacement: sharedSrc },
        { find: /^react-router$/, replacement: reactRouterProd },
      ],
    },
    oxc: {
      jsx: { runtime: 'automatic', importSource: 'react' },
    },
    build: {
      outDir: 'dist',
      assetsDir: 'assets',
      emptyOutDir: true,
      manifest: true,
      target: 'es2020',
      rollupOptions: {
        ...(input ? { input } : {}),
        onwarn(warning, warn) {
          // Libraries' "use client" directives mean nothing in a client bundle.
          if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
          warn(warning);
        },
      },
    },
  };
}
