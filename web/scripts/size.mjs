// First-load weight of every page, brotli quality 11, from each dist's Vite
// manifest and the module list beside it (vite.shared.ts). Run after
// `npm run build`; `make test` runs it. Exits 1 when a borrower budget is
// exceeded (issue 34, decision 094), naming the load: bytes are measured,
// never timed.
//
// A load is what a page has fetched once it shows: the entry with its static
// imports, then each dynamic import (a route, the app chunk, a document's
// content) on top of the load that imports it, indented under it.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants } from 'node:zlib';

/** The borrower pages' budgets; the site and the console are reported only. */
const BUDGETS = {
  app: {
    // The entry: React and the start-up (src/main.tsx).
    entryJs: 60 * 1024,
    // Modules whose code runs before the app chunk can begin.
    entryModules: 15,
    // Any page in English: the entry, the app chunk, the route and what it
    // loads (issue 34). The heaviest are in docs/benchmarks.md; a page near
    // the budget makes room by giving a part with its own chunk its own
    // texts (`<part>Texts.ts`, decision 094).
    loadJs: 90 * 1024,
    // Any page's stylesheets (the architecture's budget).
    loadCss: 20 * 1024,
  },
};
/** Loaded only when the page is in Filipino: reported beside the English loads, not within them. */
const FILIPINO_ONLY = /(^|[/.])fil\.ts$/;

const web = fileURLToPath(new URL('..', import.meta.url));
const failures = [];
const number = (n) => n.toLocaleString('en-US');

for (const name of ['app', 'site', 'console']) {
  const dist = join(web, name, 'dist');
  const read = async (file) => JSON.parse(await readFile(join(dist, '.vite', file), 'utf8'));
  const manifest = await read('manifest.json');
  const modules = await read('modules.json');
  const budget = BUDGETS[name];

  const brotliCache = new Map();
  const brotli = async (file) => {
    if (!brotliCache.has(file)) {
      const body = await readFile(join(dist, file));
      brotliCache.set(file, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length);
    }
    return brotliCache.get(file);
  };
  const withStaticImports = (key, into) => {
    if (into.has(key)) return into;
    into.add(key);
    for (const dep of manifest[key]?.imports ?? []) withStaticImports(dep, into);
    return into;
  };
  const weigh = async (keys) => {
    let js = 0;
    let css = 0;
    const cssFiles = new Set();
    for (const key of keys) {
      const chunk = manifest[key];
      if (chunk.file.endsWith('.js')) js += await brotli(chunk.file);
      for (const file of chunk.css ?? []) cssFiles.add(file);
    }
    for (const file of cssFiles) css += await brotli(file);
    return { js, css };
  };
  const over = (what, size, limit, unit = 'B') => {
    if (limit !== undefined && size > limit) failures.push(`${name} ${what}: ${number(size)} ${unit}, budget ${number(limit)} ${unit}`);
  };

  // Each dynamic import once, under the first load that reaches it.
  const reported = new Set();
  const reportLoads = async (parent, added, depth, filipino) => {
    const dynamics = [...added].flatMap((key) => manifest[key].dynamicImports ?? []);
    for (const key of dynamics) {
      if (reported.has(key) || parent.has(key)) continue;
      reported.add(key);
      const load = withStaticImports(key, new Set(parent));
      const { js, css } = await weigh(load);
      const src = manifest[key].src ?? key;
      const inFilipino = filipino || FILIPINO_ONLY.test(src);
      console.log(`${'  '.repeat(depth)}+ ${src}: js ${number(js)} B, css ${number(css)} B${inFilipino ? ' (Filipino only)' : ''}`);
      if (!inFilipino) over(`load of ${src}`, js, budget?.loadJs);
      over(`stylesheets of ${src}`, css, budget?.loadCss);
      await reportLoads(load, [...load].filter((k) => !parent.has(k)), depth + 1, inFilipino);
    }
  };

  for (const [key, chunk] of Object.entries(manifest)) {
    if (!chunk.isEntry) continue;
    const entry = withStaticImports(key, new Set());
    const { js, css } = await weigh(entry);
    const moduleCount = [...entry].reduce((n, k) => n + (modules[manifest[k].file]?.length ?? 0), 0);
    console.log(`${name} ${chunk.src}: entry js ${number(js)} B, css ${number(css)} B, ${moduleCount} modules`);
    over(`entry ${chunk.src}`, js, budget?.entryJs);
    over(`entry ${chunk.src}`, moduleCount, budget?.entryModules, 'modules');
    await reportLoads(entry, entry, 1, false);
  }
}

if (failures.length > 0) {
  console.error(`\nsize: over budget (brotli JavaScript; decision 094):\n${failures.map((f) => `  ${f}`).join('\n')}`);
  process.exit(1);
}
console.log(
  `\nsize: within the borrower budgets (entry ≤ ${number(BUDGETS.app.entryJs)} B and ${BUDGETS.app.entryModules} modules, every English load ≤ ${number(BUDGETS.app.loadJs)} B, stylesheets ≤ ${number(BUDGETS.app.loadCss)} B)`,
);
