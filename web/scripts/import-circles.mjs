// No circles of imports in the web code (issue 30), as `import/no-cycle`
// would check without its dependency tree: every module's imports are read
// by TypeScript's own scanner (static imports, `export … from`, and
// `import()` with a literal), resolved as Vite resolves them (relative
// paths, the `@hiram/shared/` alias), and the strongly connected parts of
// the graph that hold more than one file are printed. Exits 1 on any.
//
//   node web/scripts/import-circles.mjs          (`npm run lint` runs it)
//   node web/scripts/import-circles.mjs --self-test
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const web = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const roots = ['app/src', 'site/src', 'console/src', 'shared/src'].map((root) => path.join(web, root));
const sharedAlias = '@hiram/shared/';
const extensions = ['.ts', '.tsx', '.js', '.mjs'];

function sourceFiles(dir, found = []) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) sourceFiles(full, found);
    else if (/\.(ts|tsx|mjs|js)$/.test(entry.name) && !/\.d\.ts$/.test(entry.name)) found.push(full);
  }
  return found;
}

/** The file an import names, or null for a package or a non-code file. */
export function resolve(from, specifier, exists = fs.existsSync) {
  let base;
  if (specifier.startsWith(sharedAlias)) base = path.join(web, 'shared/src', specifier.slice(sharedAlias.length));
  else if (specifier.startsWith('.')) base = path.resolve(path.dirname(from), specifier);
  else return null;
  const candidates = [base, ...extensions.map((extension) => base + extension), ...extensions.map((extension) => path.join(base, 'index' + extension))];
  return candidates.find((candidate) => extensions.includes(path.extname(candidate)) && exists(candidate)) ?? null;
}

/** The specifiers a module's source imports. */
export function importsOf(source) {
  const scanned = ts.preProcessFile(source, true, true);
  return scanned.importedFiles.map((file) => file.fileName);
}

/** The circles of a graph (Map file → Set of files): Tarjan's strongly connected parts of more than one file. */
export function circles(graph) {
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const found = [];
  const visit = (node) => {
    index.set(node, index.size);
    low.set(node, index.get(node));
    stack.push(node);
    onStack.add(node);
    for (const target of graph.get(node) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(node, Math.min(low.get(node), low.get(target)));
      } else if (onStack.has(target)) {
        low.set(node, Math.min(low.get(node), index.get(target)));
      }
    }
    if (low.get(node) === index.get(node)) {
      const part = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        part.push(member);
      } while (member !== node);
      if (part.length > 1) found.push(part.sort());
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

function selfTest() {
  const specifiers = importsOf(
    "import { a } from './a';\nexport { b } from '../b';\nimport type { C } from '@hiram/shared/c';\nconst d = () => import('./d');\n// import './commented';\nconst s = \"import './in-a-string'\";",
  );
  const expected = ['./a', '../b', '@hiram/shared/c', './d'];
  if (JSON.stringify(specifiers) !== JSON.stringify(expected)) throw new Error(`imports read: ${JSON.stringify(specifiers)}`);
  const exists = (file) => ['/x/a.ts', '/x/b/index.tsx', path.join(web, 'shared/src/c.ts')].includes(file);
  if (resolve('/x/m.ts', './a', exists) !== '/x/a.ts') throw new Error('a relative file');
  if (resolve('/x/m.ts', './b', exists) !== '/x/b/index.tsx') throw new Error('a folder index');
  if (resolve('/x/m.ts', '@hiram/shared/c', exists) !== path.join(web, 'shared/src/c.ts')) throw new Error('the alias');
  if (resolve('/x/m.ts', 'react', exists) !== null) throw new Error('a package');
  const graph = new Map([
    ['a', new Set(['b'])],
    ['b', new Set(['c'])],
    ['c', new Set(['a'])],
    ['d', new Set(['a'])],
  ]);
  const found = circles(graph);
  if (JSON.stringify(found) !== JSON.stringify([['a', 'b', 'c']])) throw new Error(`circles: ${JSON.stringify(found)}`);
  console.log('import-circles: self-test passed');
}

function main() {
  const graph = new Map();
  for (const file of roots.flatMap((root) => sourceFiles(root))) {
    const targets = importsOf(fs.readFileSync(file, 'utf8'))
      .map((specifier) => resolve(file, specifier))
      .filter((target) => target !== null && target !== file);
    graph.set(file, new Set(targets));
  }
  const found = circles(graph);
  const name = (file) => path.relative(web, file);
  if (found.length === 0) {
    console.log(`import-circles: ${graph.size} modules, no circle`);
    return;
  }
  for (const circle of found) {
    const members = new Set(circle);
    console.error(`circle of ${circle.length}:`);
    for (const from of circle) {
      for (const to of graph.get(from)) if (members.has(to)) console.error(`  ${name(from)} -> ${name(to)}`);
    }
  }
  console.error('import-circles: move what both sides need where neither imports the other');
  // Set, not exit(): exiting at once can cut off the list above when stderr is a pipe.
  process.exitCode = 1;
}

if (process.argv.includes('--self-test')) selfTest();
else main();
