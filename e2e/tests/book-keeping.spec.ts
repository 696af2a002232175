import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../test';
import { demoSession } from '../fixtures';

/** A 16×16 PNG: the server decodes, re-encodes and serves it as a JPEG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAIAAACQkWg2AAAAFklEQVR42mNY6fWfJMQwqmFUw/DVAABptvIQCvGVggAAAABJRU5ErkJggg==',
  'base64',
);

/** This month in Manila, `YYYY-MM`, as the server counts it. */
function manilaMonth(): string {
  return new Date(Date.now() + 8 * 60 * 60 * 1000).toISOString().slice(0, 7);
}

/** Waits until an <img> has decoded a picture. */
async function expectLoaded(image: Locator) {
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
}

/** The month's totals as the list shows them. */
async function expectTotals(page: Page, income: string, expense: string, balance: string) {
  const totals = page.locator('dl.bk-totals');
  await expect(totals.locator('div').nth(0).locator('dd')).toHaveText(income);
  await expect(totals.locator('div').nth(1).locator('dd')).toHaveText(expense);
  await expect(totals.locator('div').nth(2).locator('dd')).toHaveText(balance);
}

/** Fills the entry form: kind, pesos, category (by its title) and a note, then saves and waits for the list. */
async function fillAndSave(page: Page, kind: 'Expense' | 'Income', pesos: string, category: string, note: string) {
  await page.getByRole('radio', { name: kind, exact: true }).click();
  await page.getByRole('textbox', { name: 'Amount (₱)' }).fill(pesos);
  await page.locator('label.bk-category', { hasText: category }).click();
  await expect(page.getByRole('radio', { name: category })).toBeChecked();
  await page.getByRole('textbox', { name: 'Note (optional)' }).fill(note);
  const saved = page.waitForResponse((r) => r.url().includes('/pany/book-keeping/save-record'));
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  expect(((await (await saved).json()) as { code: string }).code).toBe('00');
  await expect(page).toHaveURL(/\/bookKeeping(\?|$)/);
}

test('the income and expense book: entries with a receipt, totals, statistics, edit, delete and undo', async ({ page }) => {
  test.setTimeout(60_000);
  const session = demoSession();
  const month = manilaMonth();

  await page.goto(`/bookKeeping?sessionId=${session.sessionId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Income and expense book' })).toBeVisible();
  await expect(page.getByText(/No entries this month yet/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Next month' })).toBeDisabled();

  // An expense with a receipt picture.
  await page.getByRole('link', { name: 'Add an entry' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Add an entry' })).toBeVisible();
  const uploaded = page.waitForResponse((r) => r.url().includes('/pany/book-keeping/upload-image'));
  await page.getByLabel('Add a receipt picture').setInputFiles({ name: 'resibo.png', mimeType: 'image/png', buffer: PNG });
  const receipt = (await (await uploaded).json()) as { code: string; data: { url: string } };
  expect(receipt.code).toBe('00');
  expect(receipt.data.url).toMatch(/^\/pany\/uploads\/[0-9a-f]{32}$/);
  await expectLoaded(page.getByRole('img', { name: 'Receipt' }));
  await fillAndSave(page, 'Expense', '125.50', 'Food and groceries', 'Tanghalian sa karinderya');
  const food = page.getByRole('link', { name: /Food and groceries/ });
  await expect(food).toContainText('-₱125.50');
  await expectTotals(page, '₱0.00', '₱125.50', '-₱125.50');

  // An income.
  await page.getByRole('link', { name: 'Add an entry' }).click();
  await fillAndSave(page, 'Income', '15,000', 'Salary and wages', 'Kinsenas');
  await expect(page.getByRole('link', { name: /Salary and wages/ })).toContainText('+₱15,000.00');
  await expectTotals(page, '₱15,000.00', '₱125.50', '₱14,874.50');
  // Nothing runs off the side of a 360-pixel screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  // Statistics: the chart and the month by category.
  await page.getByRole('link', { name: 'Statistics' }).click();
  await expect(page).toHaveURL(new RegExp(`/bookKeepingStatistics\\?.*month=${month}`));
  const chart = page.getByRole('img', { name: /^Bar chart of income and expenses/ });
  await expect(chart).toBeVisible();
  await expect(chart.locator('g[data-month]')).toHaveCount(6);
  const thisMonth = chart.locator(`g[data-month="${month}"]`);
  expect(Number(await thisMonth.locator('.bk-bar-in').getAttribute('height'))).toBeGreaterThan(100);
  expect(Number(await thisMonth.locator('.bk-bar-out').getAttribute('height'))).toBeGreaterThan(0);
  const shares = page.getByRole('tabpanel');
  await expect(shares.getByRole('listitem')).toHaveCount(1);
  await expect(shares.getByRole('listitem').first()).toContainText('Food and groceries');
  await expect(shares.getByRole('listitem').first()).toContainText('100.00%');
  await page.getByRole('tab', { name: 'Income' }).click();
  await expect(page.getByRole('tabpanel').getByRole('listitem').first()).toContainText('Salary and wages');
  await page.getByRole('link', { name: 'Back to the entries' }).click();

  // Edit: the form opens with the entry, receipt included.
  await food.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Edit entry' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Amount (₱)' })).toHaveValue('125.5');
  await expectLoaded(page.getByRole('img', { name: 'Receipt' }));
  await page.getByRole('textbox', { name: 'Amount (₱)' }).fill('130');
  const edited = page.waitForResponse((r) => r.url().includes('/pany/book-keeping/save-record'));
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  expect(((await (await edited).json()) as { code: string }).code).toBe('00');
  await expect(food).toContainText('-₱130.00');
  await expectTotals(page, '₱15,000.00', '₱130.00', '₱14,870.00');

  // Delete, and bring it back with the toast's Undo.
  await food.click();
  await expect(page.getByRole('textbox', { name: 'Amount (₱)' })).toHaveValue('130');
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  const toast = page.getByRole('status');
  await expect(toast).toContainText('Entry deleted');
  await expect(food).toHaveCount(0);
  await expectTotals(page, '₱15,000.00', '₱0.00', '₱15,000.00');
  const undone = page.waitForResponse((r) => r.url().includes('/pany/book-keeping/delete-book-keeping'));
  await toast.getByRole('button', { name: 'Undo' }).click();
  expect(((await (await undone).json()) as { code: string }).code).toBe('00');
  await expect(toast).toContainText('Entry brought back');
  await expect(food).toContainText('-₱130.00');
  await expectTotals(page, '₱15,000.00', '₱130.00', '₱14,870.00');
});
