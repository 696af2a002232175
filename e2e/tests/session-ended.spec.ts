import type { Page } from '@playwright/test';
import { expect, test } from '../test';
import { DEMO_PHONE, demoSession, moveClockOn, nextSmsCode, smsOutbox, type DemoOrder, type DemoSession } from '../fixtures';

// A borrower whose session ended (30 minutes without use) or whose link
// carries a session the server never made sees what happened and a way to
// log in again that comes back to the page (issue 33), never an empty page
// or "no loans".

/** One more than the idle limit (session.idle_minutes = 30). */
const IDLE_SECONDS = 31 * 60;

// The clock goes back as it was after each test: the specs after this one
// read dates against it.
let moved = 0;
const idle = () => {
  moveClockOn(IDLE_SECONDS);
  moved += IDLE_SECONDS;
};
test.afterEach(() => {
  moveClockOn(-moved);
  moved = 0;
});

/**
 * An order whose details page shows it (no redirect to another page), in
 * whatever state the specs before left the demo borrower's orders.
 */
function shownOrder(session: DemoSession): DemoOrder {
  const order = [180, 200, 174].map((status) => session.orders.find((o) => o.status === status)).find(Boolean);
  if (!order) throw new Error('the demo borrower has no order in status 180, 200 or 174');
  return order;
}

/** Logs in on the page the notice led to; the page asked for follows. */
async function logInAgain(page: Page, phone: string) {
  const seen = smsOutbox(phone).length;
  await page.getByRole('textbox', { name: 'Mobile number' }).fill(phone.replace(/^\+63/, '0'));
  await page.getByRole('button', { name: 'Get code' }).click();
  await page.getByRole('textbox', { name: 'Verification code' }).fill(await nextSmsCode(phone, seen));
  await page.getByRole('button', { name: 'Log in' }).click();
}

test('an idle session on order details and on my account says so and logs in again back to the page', async ({ page }) => {
  const session = demoSession();
  const order = shownOrder(session);
  const details = `/loanDetails?orderId=${order.orderId}&productId=${order.productId}`;
  await page.goto(`${details}&sessionId=${session.sessionId}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Loan details');
  await expect(page.getByText(order.productName).first()).toBeVisible();

  idle();
  await page.goto(details);
  await expect(page.getByRole('heading', { name: 'You were logged out' })).toBeVisible();
  await expect(page.getByText(/Your loans and payments are just as they were/)).toBeVisible();
  await page.getByRole('button', { name: 'Log in again' }).click();
  await expect(page).toHaveURL(/\/login\?redirect=/);
  await logInAgain(page, DEMO_PHONE);
  await expect(page).toHaveURL(new RegExp(`/loanDetails\\?orderId=${order.orderId}&productId=${order.productId}`));
  await expect(page.getByRole('heading', { name: 'You were logged out' })).toHaveCount(0);
  await expect(page.getByText(order.productName).first()).toBeVisible();

  await page.goto('/mine');
  await expect(page.getByRole('link', { name: /verified/ })).toBeVisible();
  idle();
  await page.goto('/mine');
  await expect(page.getByRole('heading', { name: 'You were logged out' })).toBeVisible();
  await expect(page.getByText(/no loans/i)).toHaveCount(0);
  await expect(page.getByRole('button', { name: /delete my account/i })).toHaveCount(0);
  await page.getByRole('button', { name: 'Log in again' }).click();
  await logInAgain(page, DEMO_PHONE);
  await expect(page).toHaveURL(/\/mine(\?|$)/);
  await expect(page.getByRole('link', { name: /verified/ })).toBeVisible();
});

test('a forged session on order details and on my account asks to log in', async ({ page }) => {
  const order = shownOrder(demoSession());
  for (const path of [`/loanDetails?orderId=${order.orderId}&productId=${order.productId}`, '/mine?x=1']) {
    await page.goto(`${path}&sessionId=forged-${Date.now()}`);
    await expect(page.getByRole('heading', { name: 'Log in to continue' })).toBeVisible();
    await expect(page.getByText(/no loans/i)).toHaveCount(0);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await expect(page).toHaveURL(/\/login\?redirect=/);
  }
});
