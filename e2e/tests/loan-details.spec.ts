import { expect, test } from '@playwright/test';
import { demoSession, orderInStatus } from '../fixtures';

test('order details of a disbursed loan show the product and the status banner', async ({ page }) => {
  const session = demoSession();
  const order = orderInStatus(session, 174);
  const query = new URLSearchParams({
    sessionId: session.sessionId,
    orderId: String(order.orderId),
    productId: String(order.productId),
  });
  const reply = page.waitForResponse((r) => r.url().includes('/pany/v3/loan-details/loan-details'));
  await page.goto(`/loanDetails?${query.toString()}`);
  const body = (await (await reply).json()) as { data: { noticeStatusText: string } };

  await expect(page.getByRole('heading', { name: order.productName })).toBeVisible();
  await expect(page.getByRole('heading', { name: body.data.noticeStatusText })).toBeVisible();
  await expect(page.getByRole('button', { name: /repay/i }).first()).toBeVisible();
});
