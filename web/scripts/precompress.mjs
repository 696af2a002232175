// Writes .br (brotli, quality 11) and .gz (gzip, level 9) beside every text
// asset of at least 512 bytes in the three dist folders, for the Rust server
// to serve precompressed.
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const web = fileURLToPath(new URL('..', import.meta.url));
const DISTS = ['app/dist', 'site/dist', 'console/dist'].map((d) => join(web, d));
const EXTENSIONS = ['.js', '.css', '.html', '.svg', '.json', '.webmanifest'];
const MIN_BYTES = 512;

async function* walk(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    if (entry.name.startsWith('.')) continue; // .vite/manifest.json is build metadata
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(path);
    else yield path;
  }
}

let files = 0;
for (const dist of DISTS) {
  try {
    await stat(dist);
  } catch {
    console.error(`precompress: ${dist} does not exist; build it first`);
    process.exit(1);
  }
  for await (const path of walk(dist)) {
    if (!EXTENSIONS.some((ext) => path.endsWith(ext))) continue;
    const body = await readFile(path);
    if (body.length < MIN_BYTES) continue;
    const br = brotliCompressSync(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 11,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    });
    const gz = gzipSync(body, { level: 9 });
    await writeFile(`${path}.br`, br);
    await writeFile(`${path}.gz`, gz);
    files += 1;
  }
}
console.log(`precompress: wrote .br and .gz for ${files} files`);
