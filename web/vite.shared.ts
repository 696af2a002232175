// Settings every web entry shares: the @hiram/shared source alias, JSX through
// Vite's own transformer (no React plugin needed), and the build defaults that
// the Rust server relies on (hashed files under <dist>/assets, a manifest for
// the page-weight script).
import { fileURLToPath } from 'node:url';
import type { Plugin, UserConfig } from 'vite';

const sharedSrc = fileURLToPath(new URL('./shared/src/', import.meta.url));
// react-router publishes only its development build through "exports"; the
// production build beside it drops dev-only warnings.
const reactRouterProd = fileURLToPath(
  new URL('../node_modules/react-router/dist/production/index.mjs', import.meta.url),
);

/**
 * react-router's production build names its contexts and components for the
 * React dev tools (`Link.displayName = "Link"`) and wraps them in
 * `forwardRef`/`createContext` calls without a pure annotation: to the bundler
 * both are side effects, so NavLink, Form, ScrollRestoration and the rest
 * stayed in every bundle that imports the package at all (decision 094:
 * 1.7 KiB brotli). Without the names and with the annotation, what is not
 * used is dropped. A release that writes these differently just keeps them.
 */
function reactRouterTreeShaking(): Plugin {
  return {
    name: 'hiram:react-router-tree-shaking',
    apply: 'build',
    transform(code, id) {
      if (!id.includes('/react-router/dist/production/')) return null;
      return code
        .replace(/^[\w$]+\.displayName = "[^"]*";$/gm, '')
        .replace(/= (React\d*\.(?:createContext|forwardRef|memo)\()/g, '= /* @__PURE__ */ $1');
    },
  };
}

/**
 * `.vite/modules.json` beside the manifest: the modules whose code each chunk
 * holds, so the page-weight script (scripts/size.mjs) can count what runs
 * before the first render, and anyone can see what is in a chunk.
 */
function moduleList(): Plugin {
  const web = fileURLToPath(new URL('./', import.meta.url));
  return {
    name: 'hiram:module-list',
    apply: 'build',
    generateBundle(_options, bundle) {
      const modules: Record<string, string[]> = {};
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        modules[output.fileName] = Object.entries(output.modules)
          // Code that runs: a stylesheet's placeholder module does not.
          .filter(([id, module]) => module.renderedLength > 0 && !id.endsWith('.css'))
          .map(([id]) => id.replace(web, '').replace(/^.*\/node_modules\//, ''));
      }
      this.emitFile({ type: 'asset', fileName: '.vite/modules.json', source: `${JSON.stringify(modules, null, 2)}\n` });
    },
  };
}

export function entryConfig(base: string, input?: Record<string, string>): UserConfig {
  return {
    base,
    resolve: {
      alias: [
        { find: /^@hiram\/shared\//, replacement: sharedSrc },
        { find: /^react-router$/, replacement: reactRouterProd },
      ],
    },
    plugins: [reactRouterTreeShaking(), moduleList()],
    oxc: {
      jsx: { runtime: 'automatic', importSource: 'react' },
    },
    build: {
      outDir: 'dist',
      assetsDir: 'assets',
      emptyOutDir: true,
      manifest: true,
      // The syntax of the browsers that run the pages (decision 094): class
      // fields and private methods as written, not lowered to WeakMap helpers
      // (TanStack Query's classes: smaller and faster to run).
      target: 'es2022',
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
