import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../test';
import { logIn } from '../borrower';
import { openLoanOfItsOwn, portfolioPhone, setClockAhead, staffHeaders } from '../fixtures';

// One running balance on order details (issue 33): what was paid and what is
// owed today, as the loan's ledger holds them, after a partial payment and
// after an extension; and the next amount with its day. Each loan is one of
// its own (`hiram portfolio --first N`, a borrower no other spec uses).

/** Portfolio borrower 1 holds a loan of Bayanihan Cash Plus (4 × 30 days, one extension); 3, one of Kalesa Quick Pera (91 days). */
const INSTALMENTS_BORROWER = 1;
const SINGLE_PAYMENT_BORROWER = 3;

test.use({ viewport: { width: 360, height: 800 } });
test.afterEach(() => setClockAhead(0));

interface LedgerRecord {
  dues: { total: number; credit: number };
  ledger: { kind: string; lines: { account: string; side: string; amount: number }[] }[];
}

/** The order as staff see it: its ledger's receivables and every entry. */
async function ledgerOf(request: APIRequestContext, orderId: number): Promise<LedgerRecord> {
  const reply = await request.get(`/api/staff/orders/record?id=${orderId}`, { headers: staffHeaders('customer_care') });
  const body = (await reply.json()) as { code: string; data: LedgerRecord };
  expect(body.code).toBe('00');
  return body.data;
}

/** Money in from the borrower, net of refunds: cash debited, less cash credited other than the payout. */
function paidIn(record: LedgerRecord): number {
  let paid = 0;
  for (const entry of record.ledger) {
    for (const line of entry.lines.filter((l) => l.account === 'cash')) {
      if (line.side === 'debit') paid += line.amount;
      else if (entry.kind !== 'disbursement') paid -= line.amount;
    }
  }
  return paid;
}

/** Centavos as the pages write them (web/shared's formatMoney). */
function pesos(centavos: number): string {
  return `₱${Math.floor(centavos / 100).toLocaleString('en-US')}.${String(centavos % 100).padStart(2, '0')}`;
}

/** A pay code for `amount` (an extension's when `delay`), paid on the sandbox's page. */
async function pay(page: Page, orderId: number, amount: number, delay = false) {
  const form: Record<string, string> = { orderId: String(orderId), amount: String(amount), channelNumber: '90011' };
  if (delay) Object.assign(form, { isDelay: '1', delayAmount: String(amount), channelNumber: '90012' });
  const reply = await page.request.post('/pany/v3/loan-details/generate-vcode', {
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
    form,
  });
  const body = (await reply.json()) as { code: string; data: { payCode: string } };
  expect(body.code, JSON.stringify(body)).toBe('00');
  await page.goto(`/sandbox/pay?code=${body.data.payCode}`);
  await page.getByRole('button', { name: /^Pay/ }).click();
  await expect(page.getByText('Payment sent')).toBeVisible();
}

/** Order details' balance card as the borrower reads it, once it shows `paid`. */
async function balanceShown(page: Page, orderId: number, paid: number) {
  await expect(async () => {
    await page.goto(`/loanDetails?orderId=${orderId}`);
    await expect(row(page, 'Paid so far')).toHaveText(pesos(paid), { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
}

const row = (page: Page, label: string) =>
  page.getByTestId('running-balance').locator('.app-row').filter({ hasText: label }).getByRole('definition');

test('after an extension and after a partial payment, order details show paid and owed today as the ledger holds', async ({ page }) => {
  test.setTimeout(120_000);
  const orderId = openLoanOfItsOwn(INSTALMENTS_BORROWER);
  // Ten days on, interest has run: the extension has a price.
  setClockAhead(10);
  await logIn(page, portfolioPhone(INSTALMENTS_BORROWER));

  const fresh = await ledgerOf(page.request, orderId);
  await balanceShown(page, orderId, paidIn(fresh));
  await expect(row(page, 'Next payment')).toHaveText(/^₱[\d,]+\.\d\d by /);

  // An extension, at the price offered today.
  const offer = (await (
    await page.request.post('/pany/v3/loan-details/delay-detail', {
      headers: { 'X-Requested-With': 'XMLHttpRequest' },
      form: { orderId: String(orderId) },
    })
  ).json()) as { code: string; data: { delayInfo: { delayAmount: number } } };
  expect(offer.code, JSON.stringify(offer)).toBe('00');
  await pay(page, orderId, offer.data.delayInfo.delayAmount, true);
  const afterExtension = await ledgerOf(page.request, orderId);
  expect(paidIn(afterExtension)).toBe(paidIn(fresh) + offer.data.delayInfo.delayAmount);
  await balanceShown(page, orderId, paidIn(afterExtension));
  await expect(row(page, 'Owed today')).toHaveText(pesos(afterExtension.dues.total - afterExtension.dues.credit));

  // A partial payment of ₱100.00.
  await pay(page, orderId, 10_000);
  const afterPayment = await ledgerOf(page.request, orderId);
  expect(paidIn(afterPayment)).toBe(paidIn(afterExtension) + 10_000);
  await balanceShown(page, orderId, paidIn(afterPayment));
  await expect(row(page, 'Owed today')).toHaveText(pesos(afterPayment.dues.total - afterPayment.dues.credit));
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});

test('a loan nine days past its due date shows its penalties to the day, with no daily run since', async ({ page }) => {
  const orderId = openLoanOfItsOwn(SINGLE_PAYMENT_BORROWER);
  const record = (await (
    await page.request.get(`/api/staff/orders/record?id=${orderId}`, { headers: staffHeaders('customer_care') })
  ).json()) as { data: { dueDate: string } };
  // Today in Manila, as the server counts days.
  const today = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
  const daysToDue = Math.round((Date.parse(record.data.dueDate) - Date.parse(today)) / 86_400_000);
  setClockAhead(daysToDue + 9);
  const lateDay = new Date(Date.parse(record.data.dueDate) + 9 * 86_400_000);
  const lateDayText = new Intl.DateTimeFormat('en-PH', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(lateDay);
  await logIn(page, portfolioPhone(SINGLE_PAYMENT_BORROWER));
  await page.goto(`/loanDetails?orderId=${orderId}`);
  const standing = page.getByTestId('overdue-standing');
  await expect(standing).toContainText('9 days late.');
  await expect(standing).toContainText(/Late penalties so far: ₱(?!0\.00)[\d,]+\.\d\d\./);
  // The balance card and the overdue card agree on what is owed today.
  const owed = (await row(page, 'Owed today').innerText()).trim();
  await expect(standing).toContainText(`Balance as of today: ${owed}.`);
  // Everything late is due today.
  await expect(row(page, 'Next payment')).toHaveText(new RegExp(`^₱[\\d,]+\\.\\d\\d by ${lateDayText}$`));
});
