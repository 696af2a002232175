import { expect, test } from '@playwright/test';
import { closePopups, DEMO_PHONE, demoSession, issuePayCode, openDetails, orderInStatus, payInSandbox, smsOutbox } from '../fixtures';

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
  const { form, payCode } = await issuePayCode(page, 'GCash');
  expect(form.get('amount')).toBe(String(infoBody.data.repayAmount));
  expect(form.get('isDelay')).toBeNull();

  // The code page shows the code; the sandbox gateway pays it.
  await payInSandbox(page, payCode);

  // The order is now fully paid.
  await expect
    .poll(async () => (await openDetails(page, query)).orderStatus, { timeout: 30_000 })
    .toBe(200);
  await expect(page.getByRole('heading', { name: 'Fully paid' })).toBeVisible();

  // And the borrower was texted a receipt.
  await expect
    .poll(() => smsOutbox(DEMO_PHONE).filter((m) => m.body.includes('we received')).length, { timeout: 15_000 })
    .toBeGreaterThan(receiptsBefore);
});
