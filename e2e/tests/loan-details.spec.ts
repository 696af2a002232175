import { expect, test } from '../test';
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
  const response = await reply;
  expect(response.status()).toBe(200);
  const body = (await response.json()) as {
    code: string;
    data: { orderStatus: number; noticeStatusText: string; userOrderDetail: { detail: { text: string; value: string }[] } };
  };
  expect(body.code).toBe('00');
  expect(body.data.orderStatus).toBe(174);
  expect(body.data.noticeStatusText).not.toBe('');

  await expect(page.getByRole('heading', { name: order.productName })).toBeVisible();
  await expect(page.getByRole('heading', { name: body.data.noticeStatusText })).toBeVisible();
  const rows = body.data.userOrderDetail.detail.filter((row) => row.value !== '');
  expect(rows.length).toBeGreaterThan(0);
  // The order's rows from the database, in order, as term/value pairs.
  await expect(page.getByRole('term')).toHaveText(rows.map((row) => row.text));
  await expect(page.getByRole('definition')).toHaveText(rows.map((row) => row.value));
  await expect(page.getByRole('button', { name: /repay/i }).first()).toBeVisible();
});
