import { expect, test, type Page } from '@playwright/test';
import { demoSession, orderInStatus, smsOutbox } from '../fixtures';

// The demo borrower (server seed DEMO_PHONE); receipts are texted here.
const DEMO_PHONE = '+639175550100';

interface Details {
  orderStatus: number;
  noticeStatusText: string;
}

async function openDetails(page: Page, query: URLSearchParams): Promise<Details> {
  const reply = page.waitForResponse((r) => r.url().includes('/pany/v3/loan-details/loan-details'));
  await page.goto(`/loanDetails?${query.toString()}`);
  return ((await (await reply).json()) as { data: Details }).data;
}

/** Closes the order page's popups (Kind tips, reminder, rating, bank card), one at a time. */
async function closePopups(page: Page) {
  const dialog = page.getByRole('dialog');
  for (let i = 0; i < 5 && (await dialog.count()) > 0; i += 1) {
    await dialog.first().getByRole('button', { name: 'Close' }).click();
  }
}

test('an overdue order repaid in full through a pay code and the sandbox gateway', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 800 });
  const session = demoSession();
  const order = orderInStatus(session, 180);
  const query = new URLSearchParams({
    sessionId: session.sessionId,
    orderId: String(order.orderId),
    productId: String(order.productId),
  });
  const receiptsBefore = smsOutbox(DEMO_PHONE).filter((m) => m.body.includes('we received')).length;

  // Order details → repayment.
  expect((await openDetails(page, query)).orderStatus).toBe(180);
  const repay = page.getByRole('button', { name: /^(REPAY|Repayment)$/ }).first();
  await expect(repay).toBeVisible();
  await closePopups(page);
  const info = page.waitForResponse((r) => r.url().includes('/pany/v3/installment/loan-play-detail'));
  await repay.click();
  await expect(page).toHaveURL(/\/repaymentByPeriod\?/);
  const infoBody = (await (await info).json()) as { code: string; data: { repayAmount: number } };
  expect(infoBody.code).toBe('00');
  expect(infoBody.data.repayAmount).toBeGreaterThan(0);
  await expect(page.getByRole('heading', { level: 1, name: 'Payment' })).toBeVisible();

  // Choose GCash and ask for a code for the amount due.
  await page.getByRole('button', { name: 'Payment Method', exact: true }).click();
  const sheet = page.getByRole('dialog', { name: 'Payment Method' });
  await sheet.getByText('GCash', { exact: true }).click();
  await expect(sheet.getByRole('radio', { name: 'GCash' })).toBeChecked();
  const issued = page.waitForResponse((r) => r.url().includes('/pany/v3/loan-details/generate-vcode'));
  await sheet.getByRole('button', { name: 'Payment', exact: true }).click();
  const issuedBody = (await (await issued).json()) as { code: string; data: { payCode: string } };
  expect(issuedBody.code).toBe('00');

  // The code page shows the code; the sandbox gateway pays it.
  await expect(page).toHaveURL(/\/repaymentOfCode\?/);
  const payCode = new URL(page.url()).searchParams.get('payCode') ?? '';
  expect(payCode).toBe(issuedBody.data.payCode);
  await expect(page.getByText(payCode, { exact: true })).toBeVisible();
  await page.getByRole('link', { name: /^Pay in the sandbox/ }).click();
  await expect(page).toHaveURL(/\/sandbox\/pay\?code=/);
  await page.getByRole('button', { name: /^Pay/ }).click();
  await expect(page.getByText('Payment sent')).toBeVisible();

  // The order is now fully paid.
  await expect
    .poll(async () => (await openDetails(page, query)).orderStatus, { timeout: 10_000 })
    .toBe(200);
  await expect(page.getByRole('heading', { name: 'Fully paid' })).toBeVisible();

  // And the borrower was texted a receipt.
  await expect
    .poll(() => smsOutbox(DEMO_PHONE).filter((m) => m.body.includes('we received')).length, { timeout: 5_000 })
    .toBeGreaterThan(receiptsBefore);
});
