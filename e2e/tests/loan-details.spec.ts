import { expect, test } from '../test';
import { closePopups, demoSession, orderInStatus, peso, shownDay } from '../fixtures';

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
    data: {
      orderStatus: number;
      noticeStatusText: string;
      userOrderDetail: { detail: { text: string; value: string }[] };
      balance: { nextDueAmount: number; payoffToday: number };
    };
  };
  expect(body.code).toBe('00');
  expect(body.data.orderStatus).toBe(174);
  expect(body.data.noticeStatusText).not.toBe('');

  await expect(page.getByRole('heading', { name: order.productName })).toBeVisible();
  await expect(page.getByRole('heading', { name: body.data.noticeStatusText })).toBeVisible();
  const rows = body.data.userOrderDetail.detail.filter((row) => row.value !== '');
  expect(rows.length).toBeGreaterThan(0);
  // The order's rows from the database, in order, as term/value pairs, on the product's card.
  const card = page.locator('section').filter({ has: page.getByRole('heading', { name: order.productName }) });
  await expect(card.getByRole('term')).toHaveText(rows.map((row) => row.text));
  // A day reads as the pages show one (Nov 17, 2026).
  await expect(card.getByRole('definition')).toHaveText(rows.map((row) => (/^\d{4}-\d{2}-\d{2}$/.test(row.value) ? shownDay(row.value) : row.value)));
  // And the running balance beside it (issue 33).
  // The demo's loan is one payment before its early-repayment day: closing it
  // today costs less than the payment on its day, and the card says so (decision 093).
  const { nextDueAmount, payoffToday } = body.data.balance;
  expect(payoffToday).toBeLessThan(nextDueAmount);
  await expect(page.getByTestId('running-balance').getByRole('term')).toHaveText(['Paid so far', 'Owed today', 'Next payment', 'Pay off the whole loan today']);
  await expect(page.getByTestId('running-balance').getByRole('definition').last()).toHaveText(peso(payoffToday));
  await expect(page.getByRole('button', { name: 'Pay', exact: true })).toBeVisible();
});

test('the address\'s session becomes the pages\' HttpOnly cookie: after the first load neither the address nor any request carries it', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 800 });
  const session = demoSession();
  const order = orderInStatus(session, 174);
  const requests: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  const query = new URLSearchParams({ sessionId: session.sessionId, orderId: String(order.orderId), productId: String(order.productId) });
  const details = page.waitForResponse((r) => r.url().includes('/pany/v3/loan-details/loan-details'));
  await page.goto(`/loanDetails?${query.toString()}`);
  expect((await details).status()).toBe(200);
  await expect(page.getByRole('heading', { name: order.productName })).toBeVisible();
  expect(page.url()).not.toContain('sessionId');

  // On to repaying, through the page's own links: the pictures and calls go with the cookie alone.
  await closePopups(page);
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page).toHaveURL(/\/repayment/);
  await expect(page.getByText('Payment Method', { exact: false }).first()).toBeVisible();
  expect(page.url()).not.toContain('sessionId');

  const [first, ...after] = requests;
  expect(first).toContain(`sessionId=${session.sessionId}`);
  expect(after.length).toBeGreaterThan(3);
  expect(after.filter((url) => url.includes('sessionId') || url.includes(session.sessionId))).toEqual([]);
  const cookie = (await page.context().cookies()).find((c) => c.name === 'hiram_session');
  expect([cookie?.value, cookie?.httpOnly, cookie?.sameSite]).toEqual([session.sessionId, true, 'Strict']);
  expect(await page.evaluate(() => document.cookie)).not.toContain(session.sessionId);
});
