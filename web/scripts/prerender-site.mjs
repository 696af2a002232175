// Writes the site's pages prerendered (decision 048): each page's built HTML
// with its markup inside #root, in English (index.html, promotion.html) and
// in Filipino (index.fil.html, promotion.fil.html), which the server chooses
// between. Run by the site's build after Vite's client and SSR builds.
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const site = fileURLToPath(new URL('../site/', import.meta.url));
const dist = join(site, 'dist');
const ssr = join(site, 'dist-ssr');
const { render } = await import(pathToFileURL(join(ssr, 'prerender.js')).href);

const EMPTY_ROOT = '<div id="root"></div>';
const LANG = { en: 'en-PH', fil: 'fil' };

for (const page of ['index', 'promotion']) {
  const shell = await readFile(join(dist, `${page}.html`), 'utf8');
  if (!shell.includes(EMPTY_ROOT) || !shell.includes('<html lang="en-PH">')) {
    throw new Error(`prerender: ${page}.html has no empty #root or no <html lang="en-PH">`);
  }
  for (const locale of ['en', 'fil']) {
    const markup = await render(page, locale);
    // The pages' policy allows nothing inline (decision 033): a style
    // attribute or a script in the markup would be refused by the browser.
    if (/\sstyle="|<script|\son[a-z]+="/i.test(markup)) {
      throw new Error(`prerender: ${page} (${locale}) renders something inline the CSP refuses`);
    }
    const html = shell
      .replace('<html lang="en-PH">', `<html lang="${LANG[locale]}">`)
      .replace(EMPTY_ROOT, `<div id="root" data-locale="${locale}">${markup}</div>`);
    await writeFile(join(dist, locale === 'en' ? `${page}.html` : `${page}.${locale}.html`), html);
  }
}
await rm(ssr, { recursive: true });
console.log('prerender: wrote index and promotion in en and fil');
