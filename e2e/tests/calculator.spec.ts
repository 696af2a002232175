import { expect, test } from '../test';
import { demoSession, staffHeaders } from '../fixtures';

/** Today in Manila, as the server dates rates. */
const manilaToday = () => new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);

test('the loan calculator: a flat loan, the caps with a fee, a saved calculation that opens a product', async ({ page }) => {
  test.setTimeout(60_000);
  const session = demoSession();
  await page.goto(`/calculator?sessionId=${session.sessionId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Loan calculator' })).toBeVisible();

  // ₱5,000 at 4% flat, 3 monthly payments: ₱600 interest, ₱1,866.66 first.
  await page.getByLabel('Amount to borrow (₱)').fill('5,000');
  await page.getByLabel('Interest a month (%)').fill('4');
  await page.getByLabel('Number of payments').fill('3');
  await page.getByRole('button', { name: 'Calculate' }).click();
  await expect(page.getByTestId('calc-first-payment')).toHaveText('₱1,866.66');
  await expect(page.getByText('Total interest')).toBeVisible();
  await expect(page.getByRole('table')).toContainText('₱1,866.68');

  // With a 5% fee at 7% a month: the nominal cap (6%) is broken, and said so beside the rate.
  await page.getByRole('tab', { name: 'With fees' }).click();
  await page.getByLabel('Interest a month (%)').fill('7');
  await page.getByLabel('Fee taken from the loan (%)').fill('5');
  const priced = page.waitForResponse((r) => r.url().includes('/pany/calc/emi-adv'));
  await page.getByRole('button', { name: 'Calculate' }).click();
  const reply = (await (await priced).json()) as { data: { effectiveMonthlyRate: string; fee: number } };
  expect(reply.data.fee).toBe(25_000);
  await expect(page.getByTestId('calc-effective-rate')).toHaveText(reply.data.effectiveMonthlyRate);
  const caps = page.getByRole('list', { name: 'Legal limits for small loans' });
  await expect(caps.getByRole('listitem').first()).toContainText('7.00%, over the limit');

  // An amount out of range is refused by the server, in words.
  await page.getByLabel('Amount to borrow (₱)').fill('20000000');
  await page.getByRole('button', { name: 'Calculate' }).click();
  await expect(page.getByText('Enter an amount from ₱1 to ₱10,000,000.')).toBeVisible();

  // Back to 4%, saved under a name.
  const name = `Tricycle repair ${Date.now() % 100000}`;
  await page.getByLabel('Amount to borrow (₱)').fill('5000');
  await page.getByLabel('Interest a month (%)').fill('4');
  await page.getByRole('button', { name: 'Calculate' }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('dialog').getByLabel('Name (optional)').fill(name);
  await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Calculation saved.')).toBeVisible();

  await page.getByRole('link', { name: 'My calculations' }).click();
  await page.getByRole('link', { name: new RegExp(name) }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  const product = page.getByRole('button', { name: /Kalesa Quick Pera/ });
  await expect(product).toContainText('₱705.00 interest and fees, 91 days');
  const viewed = page.waitForResponse((r) => r.url().includes('/pany/calc/jump-page-view'));
  await product.click();
  expect(((await (await viewed).json()) as { data: { views: number } }).data.views).toBeGreaterThan(0);
  await expect(page).toHaveURL(/\/productDetail\?.*productId=\d+/);
});

test('the exchange calculator converts on the rate finance set, with its date and source', async ({ page, request }) => {
  const session = demoSession();
  const added = await request.post('/api/staff/exchange-rates/add', {
    headers: staffHeaders('finance'),
    form: { currency: 'USD', rate: '58.1234', effectiveOn: manilaToday(), source: 'BSP reference rate (e2e)' },
  });
  expect(added.status()).toBe(200);

  await page.goto(`/calculator/exchange?sessionId=${session.sessionId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Currency exchange' })).toBeVisible();
  await expect(page.getByRole('table')).toContainText('BSP reference rate (e2e)');
  await page.getByLabel('Currency').selectOption('USD');
  await page.getByLabel('Amount in USD').fill('100');
  await page.getByRole('button', { name: 'Convert' }).click();
  await expect(page.getByTestId('exchange-result')).toHaveText('₱5,812.34');

  await page.getByText('Pesos to USD').click();
  await page.getByLabel('Amount in pesos').fill('1,000');
  await page.getByRole('button', { name: 'Convert' }).click();
  await expect(page.getByTestId('exchange-result')).toHaveText('17.20 USD');

  // The calculator is in the account menu.
  await page.goto(`/mine?sessionId=${session.sessionId}`);
  await page.getByRole('link', { name: 'Loan calculator' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Loan calculator' })).toBeVisible();
});

test('the calculator speaks Filipino from its own catalogue', async ({ page }) => {
  await page.goto('/calculator?lang=fil');
  await expect(page.getByRole('heading', { level: 1, name: 'Kalkulador ng loan' })).toBeVisible();
  await expect(page.getByLabel('Halagang hihiramin (₱)')).toHaveValue('5000');
  await page.getByRole('button', { name: 'Kalkulahin' }).click();
  await expect(page.getByText('Kabuuang babayaran')).toBeVisible();
});
