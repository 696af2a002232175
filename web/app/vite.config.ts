import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin, type Rolldown } from 'vite';
import { entryConfig } from '../vite.shared.ts';

const BASE = '/app/';

/**
 * index.html asks for the app's chunk (src/app/start.ts, which the entry
 * imports dynamically) and what it imports beside the entry, so the two
 * download together rather than one after the other (decision 094).
 */
function preloadAppChunk(): Plugin {
  return {
    name: 'hiram:preload-app-chunk',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle, chunk: entry }) {
        const start = Object.values(bundle ?? {}).find(
          (output) => output.type === 'chunk' && output.facadeModuleId?.endsWith('/src/app/start.ts'),
        );
        if (start?.type !== 'chunk') throw new Error('the app chunk (src/app/start.ts) is missing from the build');
        return [start.fileName, ...start.imports]
          .filter((file) => file !== entry?.fileName)
          .map((file) => ({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `${BASE}${file}` }, injectTo: 'head' }));
      },
    },
  };
}

/**
 * The modules that many pages share and the start-up does not import (the
 * page header, the links, the formatter, the endpoints, the modal) in one
 * chunk, rather than a dozen chunks of a few hundred bytes each: every
 * script a page asks for costs the phone's main thread a request, and the
 * page's own chunk waited for them all (issue 34). What a package's index
 * re-exports counts as imported by the start-up, so TanStack Query's
 * `useQuery` keeps a chunk of its own.
 */
function sharedByPages(): Rolldown.CodeSplittingGroup {
  const startUp = ['./src/main.tsx', './src/app/start.ts'].map((file) => fileURLToPath(new URL(file, import.meta.url)));
  // One set per chunking pass (a watched build makes several).
  const importedAtStart = new WeakMap<Rolldown.ChunkingContext, Set<string>>();
  const staticGraph = (ctx: Rolldown.ChunkingContext) => {
    const found = new Set<string>();
    const visit = (id: string) => {
      if (found.has(id)) return;
      found.add(id);
      for (const imported of ctx.getModuleInfo(id)?.importedIds ?? []) visit(imported);
    };
    startUp.forEach(visit);
    return found;
  };
  return {
    name: (id, ctx) => {
      let graph = importedAtStart.get(ctx);
      if (!graph) importedAtStart.set(ctx, (graph = staticGraph(ctx)));
      return graph.has(id) ? null : 'pages';
    },
    // Entries here are the chunks loaded on demand: the 37 pages and a few
    // parts (the bottom sheet, the browser fallbacks). Nine is a quarter.
    minShareCount: 9,
    // What such a module imports from the start-up stays there.
    includeDependenciesRecursively: false,
  };
}

const config = entryConfig(BASE);
export default defineConfig({
  ...config,
  plugins: [...(config.plugins ?? []), preloadAppChunk()],
  build: {
    ...config.build,
    rollupOptions: {
      ...config.build?.rollupOptions,
      output: { ...config.build?.rollupOptions?.output, codeSplitting: { groups: [sharedByPages()] } },
    },
  },
});
