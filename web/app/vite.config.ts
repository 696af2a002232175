import { defineConfig, type Plugin } from 'vite';
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

const config = entryConfig(BASE);
export default defineConfig({ ...config, plugins: [...(config.plugins ?? []), preloadAppChunk()] });
