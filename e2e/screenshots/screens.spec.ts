// A picture of each borrower screen at 360×800 and each console section at
// 1280×800, in target/screenshots/ with an index.html a reviewer opens. Each
// is of the whole page, not only the window: a walk has to see what is
// below the fold (the buttons, the agreement's box, the footers).
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from '../test';
import {
  borrowerScreens,
  borrowerState,
  CONSOLE_ROLES,
  consoleSections,
  consoleSignIn,
  newStaff,
  settle,
  SITE_SCREENS,
  type Screen,
} from '../screens';

const OUT = new URL('../../target/screenshots/', import.meta.url);

test.describe.configure({ mode: 'serial' });

test.beforeAll(() => {
  rmSync(OUT, { recursive: true, force: true });
  mkdirSync(OUT, { recursive: true });
});

async function shoot(page: Page, screens: Screen[], group: string) {
  for (const screen of screens) {
    await page.goto(screen.path);
    if (screen.then) await screen.then(page);
    await settle(page);
    await page.screenshot({ path: new URL(`${group}--${screen.name}.png`, OUT).pathname, fullPage: true });
  }
}

test('borrower screens at 360×800', async ({ page, request }) => {
  test.setTimeout(600_000);
  await shoot(page, borrowerScreens(await borrowerState(request)), 'borrower');
});

test('site and promotion at 360×800', async ({ page }) => {
  test.setTimeout(120_000);
  await shoot(page, SITE_SCREENS, 'site');
});

test.describe('console at 1280×800', () => {
  test.use({ viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false });

  test('console sections', async ({ page }) => {
    test.setTimeout(240_000);
    await shoot(page, [{ name: 'sign-in', route: '/console', path: '/console' }], 'console');
    const seen = new Set<string>();
    for (const role of CONSOLE_ROLES) {
      await page.context().clearCookies();
      expect((await consoleSignIn(page, newStaff(role))).status()).toBe(200);
      const sections = (await consoleSections(page)).filter((s) => !seen.has(s.name));
      sections.forEach((s) => seen.add(s.name));
      await shoot(page, sections, 'console');
    }
  });
});

test.afterAll(() => {
  const files = readdirSync(OUT).filter((f) => f.endsWith('.png')).sort();
  const figures = files
    .map((f) => `<figure><a href="${f}"><img src="${f}" alt="${f}" loading="lazy"></a><figcaption>${f.replace('.png', '')}</figcaption></figure>`)
    .join('\n');
  writeFileSync(
    new URL('index.html', OUT),
    `<!doctype html><html lang="en"><meta charset="utf-8"><title>Hiram screens (${files.length})</title>
<style>body{font:14px system-ui;margin:16px}main{display:flex;flex-wrap:wrap;gap:16px;align-items:flex-start}figure{margin:0}img{max-width:360px;max-height:800px;border:1px solid #ccc}figcaption{margin-top:4px}</style>
<h1>Hiram screens (${files.length})</h1><main>
${figures}
</main></html>\n`,
  );
});
