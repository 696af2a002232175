import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../test';
import { demoSession, orderInStatus, staffAdd } from '../fixtures';
import { consoleSignIn } from '../screens';

// The console on the office PCs and laptops it runs on (issue 33, point 10;
// decision 087): at 1280×800 and at 1024×768 no amount, button or audit
// entry is cut off, no word is broken across lines, a borrower's name takes
// two lines at most, the product editor's Save and the secret window's
// button show without scrolling, and the audit log shows a change as
// before → after rather than JSON.

const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 1024, height: 768 },
] as const;

const run = Date.now();
let made = 0;

/** A new administrator (a TOTP code works once per account): admins open orders, products, API tokens and the audit log. */
async function signInAsAdmin(page: Page) {
  made += 1;
  const admin = staffAdd(`layout.${run}.${made}@e2e.hiram.ph`, 'Layout Check', 'admin');
  expect((await consoleSignIn(page, admin)).status()).toBe(200);
  await expect(page.getByRole('navigation', { name: 'Sections' })).toBeVisible();
}

/**
 * Each shown element whose text is cut off, described: wider than its own
 * box (scrollWidth > clientWidth), or reaching past the visible box of an
 * ancestor that clips or scrolls (a record panel, a table's scrolling
 * frame) or past the window's right edge. Hidden elements (a closed
 * <details>) are skipped. One pixel is allowed for rounding.
 */
async function clippedText(elements: Locator): Promise<string[]> {
  return elements.evaluateAll((nodes) => {
    const found: string[] = [];
    const name = (el: Element) => {
      const text = (el.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 60);
      return `<${el.tagName.toLowerCase()}${el.className ? ` class="${String(el.className)}"` : ''}> "${text}"`;
    };
    for (const el of nodes as HTMLElement[]) {
      if (!el.checkVisibility()) continue;
      if (el.scrollWidth > el.clientWidth + 1) {
        found.push(`${name(el)} is ${el.scrollWidth}px wide in ${el.clientWidth}px`);
        continue;
      }
      const box = el.getBoundingClientRect();
      if (box.right > document.documentElement.clientWidth + 1) {
        found.push(`${name(el)} ends at ${Math.round(box.right)}px, past the window's ${document.documentElement.clientWidth}px`);
        continue;
      }
      for (let up = el.parentElement; up && up !== document.body; up = up.parentElement) {
        if (getComputedStyle(up).overflowX === 'visible') continue;
        const frame = up.getBoundingClientRect();
        const left = frame.left + up.clientLeft;
        const right = left + up.clientWidth;
        if (box.left < left - 1 || box.right > right + 1) {
          found.push(`${name(el)} spans ${Math.round(box.left)}–${Math.round(box.right)}px, cut by ${name(up).slice(0, 80)} showing ${Math.round(left)}–${Math.round(right)}px`);
          break;
        }
      }
    }
    return found;
  });
}

/**
 * Words broken across two lines (a word per line, or JSON broken
 * mid-word): a word whose text takes more than one line box. Tokens longer
 * than `longest` characters (a secret, a URL) may break.
 */
async function brokenWords(elements: Locator, longest = 30): Promise<string[]> {
  return elements.evaluateAll(
    (nodes, longestWord) => {
      const found: string[] = [];
      for (const el of nodes as HTMLElement[]) {
        if (!el.checkVisibility()) continue;
        const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          // Text in a closed <details> is laid out but not shown.
          if (!node.parentElement?.checkVisibility()) continue;
          const text = node.textContent ?? '';
          for (const match of text.matchAll(/\S+/g)) {
            if (match[0].length > longestWord) continue;
            const range = document.createRange();
            range.setStart(node, match.index);
            range.setEnd(node, match.index + match[0].length);
            const lines = new Set(Array.from(range.getClientRects()).filter((r) => r.width > 0).map((r) => Math.round(r.top)));
            if (lines.size > 1) found.push(`"${match[0]}" is broken over ${lines.size} lines`);
          }
        }
      }
      return found;
    },
    longest,
  );
}

/** Lines the borrower's name takes in each row of the orders table (the cell's first piece of text). */
async function nameLines(table: Locator): Promise<{ name: string; lines: number }[]> {
  return table.evaluate((el) => {
    const headers = Array.from(el.querySelectorAll('thead th')).map((th) => th.textContent);
    const column = headers.indexOf('Borrower');
    return Array.from(el.querySelectorAll('tbody tr')).flatMap((row) => {
      const first = row.children[column]?.firstChild;
      if (!first) return [];
      const range = document.createRange();
      range.selectNodeContents(first);
      const lines = new Set(Array.from(range.getClientRects()).filter((r) => r.width > 0).map((r) => Math.round(r.top))).size;
      return [{ name: first.textContent ?? '', lines }];
    });
  });
}

const main = (page: Page) => page.getByRole('main');

for (const viewport of VIEWPORTS) {
  test.describe(`the console at ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport, isMobile: false, hasTouch: false });

    test('orders with a record open: no amount, name or button cut off', async ({ page }) => {
      const open = orderInStatus(demoSession(), 174);
      await signInAsAdmin(page);
      await page.goto('/console/orders');
      const table = page.getByRole('table', { name: 'Orders' });
      await expect(table.getByRole('row').nth(1)).toBeVisible();
      const orderNo = (await page.request.get(`/api/console/orders/record?id=${open.orderId}`).then((r) => r.json())) as { data: { orderNo: string } };
      await table.getByRole('button', { name: `Open order ${orderNo.data.orderNo}` }).click();
      // The record opens in sight: beside the list, or scrolled to under it at 1024 px.
      const panel = page.getByRole('complementary', { name: 'Order' });
      await expect(panel.getByTestId('owed-total')).toHaveText(/₱[\d,]+\.\d\d/);
      await expect(panel.getByRole('heading', { level: 2 })).toBeInViewport();
      await page.waitForLoadState('networkidle');

      expect.soft(await clippedText(main(page).locator('td.c-num, th.c-num')), 'amounts cut off').toEqual([]);
      expect.soft(await clippedText(main(page).getByRole('button')), 'buttons cut off').toEqual([]);
      // The phone under each name, and the record's facts.
      expect.soft(await clippedText(table.locator('td')), 'order cells cut off').toEqual([]);
      expect.soft(await clippedText(panel.locator('dd, td, th')), 'record cells cut off').toEqual([]);
      expect.soft(await brokenWords(main(page).locator('td, dd')), 'words broken').toEqual([]);
      // A borrower's name takes at most two lines.
      const names = await nameLines(table);
      expect(names.length).toBeGreaterThan(0);
      expect.soft(names.filter((row) => row.lines > 2), 'names on more than two lines').toEqual([]);
    });

    test('a new product with a cap broken: the table whole, the warnings readable, Save in sight', async ({ page }) => {
      await signInAsAdmin(page);
      await page.goto('/console/products');
      const products = page.getByRole('table', { name: 'Products' });
      await expect(products.getByRole('row').nth(1)).toBeVisible();
      await page.getByRole('button', { name: 'New product' }).click();
      const editor = page.getByRole('form', { name: 'New product' });
      await editor.getByLabel('Product name').fill(`Layout ${viewport.width} ${run}`);
      await editor.getByLabel('Interest a month (%)').fill('7');
      const broken = editor.getByRole('list', { name: 'Caps broken' });
      await expect(broken.getByRole('listitem')).toHaveCount(1);
      await expect(editor.getByRole('table', { name: 'Example loans' })).toBeVisible();
      await page.waitForLoadState('networkidle');

      expect.soft(await clippedText(main(page).locator('td, th')), 'cells cut off').toEqual([]);
      expect.soft(await clippedText(main(page).getByRole('button')), 'buttons cut off').toEqual([]);
      expect.soft(await brokenWords(main(page).locator('td, li, p')), 'words broken').toEqual([]);
      // A cap warning reads as a sentence, not a word a line.
      for (const warning of await broken.getByRole('listitem').all()) {
        expect.soft((await warning.boundingBox())!.width, 'a cap warning’s width').toBeGreaterThanOrEqual(240);
      }
      // Beside Save, the verdict: Save is in sight where the check may not be.
      await expect.soft(editor.getByText('Breaks a cap, so it cannot be saved')).toBeInViewport();
      // Save shows wherever the form is scrolled to: at its top, and after typing far down it.
      const save = editor.getByRole('button', { name: 'Save' });
      await editor.evaluate((form) => form.scrollTo(0, 0));
      await page.evaluate(() => window.scrollTo(0, 0));
      await expect.soft(save).toBeInViewport({ ratio: 1 });
      await editor.getByLabel('Product name').focus();
      await expect.soft(save).toBeInViewport({ ratio: 1 });

      // Within the caps it saves, and its listing is changed once: the audit log shows both.
      await editor.getByLabel('Interest a month (%)').fill('4');
      await expect(editor.getByText('These terms keep every cap.')).toBeVisible();
      const saved = page.waitForResponse((r) => r.url().endsWith('/api/console/products') && r.request().method() === 'POST');
      await save.click();
      const productId = ((await (await saved).json()) as { data: { id: number } }).data.id;
      await expect(page.getByText('Product created.')).toBeVisible();
      const name = `Layout ${viewport.width} ${run}`;
      await products.getByRole('button', { name: `Edit ${name}` }).click();
      const listing = page.getByRole('dialog', { name: `Edit ${name}` });
      await listing.getByLabel('Product name').fill(`${name} renamed`);
      await listing.getByRole('button', { name: 'Save' }).click();
      await expect(products.getByRole('row').filter({ hasText: `${name} renamed` })).toBeVisible();

      // The product's history in the audit log reads as rows, the change as before → after, not JSON.
      await page.goto('/console/audit');
      await page.getByLabel('One record’s history').fill(`product:${productId}`);
      await page.getByRole('button', { name: 'Search' }).click();
      const log = page.getByRole('table', { name: 'Audit log' });
      await expect(log.getByRole('row')).toHaveCount(3);
      const renamed = log.getByRole('row').filter({ hasText: 'product.update' });
      await expect(renamed).toContainText('Changed a product’s listing');
      await expect(renamed).toContainText(`name: ${name} → ${name} renamed`);
      await expect(log.getByRole('row').filter({ hasText: 'product.create' })).toContainText('monthlyInterestBp: 400');
      await expect(log).not.toContainText('{"');
      expect.soft(await clippedText(log.locator('td, th')), 'audit cells cut off').toEqual([]);
      expect.soft(await brokenWords(log.locator('td')), 'words broken').toEqual([]);
    });

    test('the audit log: readable rows, nothing cut off or broken mid-word', async ({ page }) => {
      await signInAsAdmin(page);
      await page.goto('/console/audit');
      const log = page.getByRole('table', { name: 'Audit log' });
      await expect(log.getByRole('row').filter({ hasText: 'staff.sign_in' }).first()).toBeVisible();
      await page.waitForLoadState('networkidle');

      expect.soft(await clippedText(log.locator('td, th')), 'audit cells cut off').toEqual([]);
      expect.soft(await clippedText(main(page).getByRole('button')), 'buttons cut off').toEqual([]);
      expect.soft(await brokenWords(log.locator('td')), 'words broken').toEqual([]);
    });

    test('the complaints inbox beside its record panel, and the rule sets: nothing cut off', async ({ page, request }) => {
      // An open complaint of the demo borrower (question type 2, no loan needed).
      const session = demoSession();
      const description = `Layout check at ${viewport.width} px: my payment is not showing yet (${run}).`;
      const saved = await request.post(`/pany/user-problem/problem-save?sessionId=${session.sessionId}`, {
        form: { problemType: '2', problemDetail: description },
      });
      expect(((await saved.json()) as { code: string }).code).toBe('00');
      await signInAsAdmin(page);
      await page.goto('/console/complaints');
      const inbox = page.getByRole('table', { name: 'Complaints' });
      await expect(inbox.getByRole('row').filter({ hasText: description })).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect.soft(await clippedText(inbox.locator('td, th')), 'complaint cells cut off').toEqual([]);
      expect.soft(await clippedText(main(page).getByRole('button')), 'buttons cut off').toEqual([]);
      expect.soft(await brokenWords(inbox.locator('td')), 'words broken').toEqual([]);
      // How a due day is counted, in words staff can act on.
      await expect(main(page).getByText(/Working days skip weekends/)).not.toContainText('[');

      await page.goto('/console/rule-sets');
      const rules = page.getByRole('table', { name: 'Rule sets' });
      await expect(rules.getByRole('row').nth(1)).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect.soft(await clippedText(rules.locator('td, th')), 'rule-set cells cut off').toEqual([]);
      expect.soft(await clippedText(main(page).getByRole('button')), 'buttons cut off').toEqual([]);
      expect.soft(await brokenWords(rules.locator('td')), 'words broken').toEqual([]);
    });

    test('a new API token’s secret: readable, and “I have copied it” in sight without scrolling', async ({ page }) => {
      await signInAsAdmin(page);
      await page.goto('/console/api-tokens');
      await page.getByRole('button', { name: 'Make API token' }).click();
      const form = page.getByRole('dialog', { name: 'Make API token' });
      const name = `layout check ${viewport.width} ${run}`;
      await form.getByLabel('What it is for').fill(name);
      await form.getByLabel('Role').selectOption('auditor');
      await form.getByRole('button', { name: 'Make API token' }).click();
      const shown = page.getByRole('dialog', { name: `The secret of ${name}` });
      await expect(shown.getByRole('alert')).toContainText('Shown only this once');
      const copied = shown.getByRole('button', { name: 'I have copied it' });
      await expect.soft(copied).toBeInViewport({ ratio: 1 });
      // The whole window shows: nothing of it scrolls.
      expect.soft(await shown.evaluate((box) => box.scrollHeight - box.clientHeight)).toBeLessThanOrEqual(0);
      await expect.soft(shown.locator('code')).toBeInViewport({ ratio: 1 });
      expect.soft(await clippedText(shown.locator('p, dd, dt, button, code')), 'secret window cut off').toEqual([]);
      expect.soft(await brokenWords(shown.locator('p, dd, dt')), 'words broken').toEqual([]);
      await copied.click();
      await expect(page.getByRole('dialog')).toHaveCount(0);
    });
  });
}
