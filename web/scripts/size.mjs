// First-load weight per entry and per route chunk, brotli quality 11, from
// each dist's Vite manifest. Run after `npm run build`.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants } from 'node:zlib';

const web = fileURLToPath(new URL('..', import.meta.url));
const brotli = async (file) =>
  brotliCompressSync(await readFile(file), { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;

for (const name of ['app', 'site', 'console']) {
  const dist = join(web, name, 'dist');
  const manifest = JSON.parse(await readFile(join(dist, '.vite', 'manifest.json'), 'utf8'));
  const closure = (key, seen = new Set()) => {
    if (seen.has(key)) return seen;
    seen.add(key);
    for (const dep of manifest[key]?.imports ?? []) closure(dep, seen);
    return seen;
  };
  const weigh = async (keys) => {
    let js = 0;
    let css = 0;
    const cssFiles = new Set();
    for (const key of keys) {
      const chunk = manifest[key];
      if (chunk.file.endsWith('.js')) js += await brotli(join(dist, chunk.file));
      for (const c of chunk.css ?? []) cssFiles.add(c);
    }
    for (const c of cssFiles) css += await brotli(join(dist, c));
    return { js, css };
  };
  for (const [key, chunk] of Object.entries(manifest)) {
    if (!chunk.isEntry) continue;
    const base = closure(key);
    const entry = await weigh(base);
    console.log(`${name} ${chunk.src}: first-load js ${entry.js} B, css ${entry.css} B (brotli)`);
    for (const dyn of chunk.dynamicImports ?? []) {
      const keys = closure(dyn, new Set(base));
      const route = await weigh(keys);
      console.log(`  + ${manifest[dyn].src ?? dyn}: js ${route.js} B, css ${route.css} B`);
    }
  }
}
