import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
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
 * The page of each route of the app's table (src/app/AppRoutes.tsx) as a
 * file of its own, `routes/<path>.html`: index.html with the route's own
 * chunks asked for beside the entry. The server answers a route's address
 * with its file, so the page's code downloads while the entry does, rather
 * than after the app chunk has run and asked for it (issue 34, decision
 * 094). A path with a parameter keeps index.html, whose start-up asks for
 * the page's code as before.
 */
function routePages(): Plugin {
  const appRoutes = fileURLToPath(new URL('./src/app/AppRoutes.tsx', import.meta.url));
  return {
    name: 'hiram:route-pages',
    apply: 'build',
    async writeBundle({ dir }, bundle) {
      if (!dir) throw new Error('route pages: the build has no output folder');
      const source = await readFile(appRoutes, 'utf8');
      const pageModules = new Map(
        [...source.matchAll(/^const (\w+) = lazyPage\(\(\) => import\('([^']+)'\)\);$/gm)].map(([, name, module]) => [
          name!,
          `${resolve(dirname(appRoutes), module!)}.tsx`,
        ]),
      );
      const table = [...source.matchAll(/^\s*\['(\/[^']*)', (\w+)\],$/gm)].map(([, path, name]) => [path!, name!] as const);
      const rows = source.match(/^\s*\['\//gm)?.length ?? 0;
      if (table.length < 30 || table.length !== rows) {
        throw new Error(`route pages: ${table.length} of ${rows} routes read from AppRoutes.tsx; has its table changed form?`);
      }
      const chunks = Object.values(bundle).filter((output) => output.type === 'chunk');
      const index = await readFile(join(dir, 'index.html'), 'utf8');
      const headEnd = '  </head>';
      if (!index.includes(headEnd)) throw new Error(`route pages: index.html has no "${headEnd}" to put the links before`);
      const asked = new Set([...index.matchAll(/ (?:href|src)="([^"]+\.js)"/g)].map(([, href]) => href!));
      const withImports = (file: string, into: string[]): string[] => {
        if (into.includes(file)) return into;
        into.push(file);
        const chunk = chunks.find((output) => output.fileName === file);
        for (const imported of chunk?.imports ?? []) withImports(imported, into);
        return into;
      };
      for (const [path, name] of table) {
        if (path.includes(':')) continue;
        const module = pageModules.get(name);
        const page = chunks.find((output) => output.facadeModuleId === module);
        if (!page) throw new Error(`route pages: no chunk for ${path} (${name}, ${module ?? 'not in the lazyPage list'})`);
        const links = withImports(page.fileName, [])
          .map((file) => `${BASE}${file}`)
          .filter((href) => !asked.has(href))
          .map((href) => `    <link rel="modulepreload" crossorigin href="${href}">\n`)
          .join('');
        const file = join(dir, 'routes', `${path.slice(1)}.html`);
        await mkdir(dirname(file), { recursive: true });
        await writeFile(file, index.replace(headEnd, () => `${links}${headEnd}`));
      }
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
  plugins: [...(config.plugins ?? []), preloadAppChunk(), routePages()],
  build: {
    ...config.build,
    rollupOptions: {
      ...config.build?.rollupOptions,
      output: { ...config.build?.rollupOptions?.output, codeSplitting: { groups: [sharedByPages()] } },
    },
  },
});
