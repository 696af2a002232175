import { expect, test } from '../test';
import { demoSession, orderInStatus } from '../fixtures';

// Every demo order (decision D5 seeds one per status of D3) against spec §4:
// the banner colour and the buttons per status (170 as decision 045 says),
// and the status's one name (decision 086) in order details, My account and
// the complaint picker; 151 goes to its confirm page.

const WHITE = 'rgb(255, 255, 255)';
const BANNER: Record<number, string> = {
  21: 'rgb(169, 74, 255)',
  151: 'rgb(169, 74, 255)',
  110: 'rgb(225, 80, 80)',
  170: WHITE, // no colour defined: the card background
  174: 'rgb(62, 154, 96)',
  180: 'rgb(238, 167, 29)', // overdue: a warning
  200: 'rgb(46, 125, 74)', // fully paid: settled
};

/** The glossary's status names (web/shared/src/i18n/glossary.ts). */
const STATUS_NAME: Record<number, string> = {
  21: 'Under review',
  110: 'Loan not made',
  170: 'Loan confirmed',
  174: 'Loan received',
  180: 'Overdue',
  200: 'Fully paid',
};

function buttonsFor(status: number, isDelay: string): string[] {
  if (status === 174 || status === 180) return isDelay === '1' ? ['Pay', 'Pay for an extension'] : ['Pay'];
  // 170: nothing to repay before the money arrives; the demo's loan waits
  // for an account, which its one button adds (decision 045).
  if (status === 170) return ['Add your payout account'];
  if (status === 200) return ['Borrow Again'];
  return [];
}

interface Details {
  orderStatus: number;
  isDelay: string;
  recProducts: unknown[];
}

for (const status of [21, 110, 170, 174, 180, 200]) {
  test(`order in status ${status}: banner colour and buttons per §4`, async ({ page }) => {
    const session = demoSession();
    const order = orderInStatus(session, status);
    const query = new URLSearchParams({ sessionId: session.sessionId, orderId: String(order.orderId), productId: String(order.productId) });
    const reply = page.waitForResponse((r) => r.url().includes('/pany/v3/loan-details/loan-details'));
    await page.goto(`/loanDetails?${query.toString()}`);
    const data = ((await (await reply).json()) as { data: Details }).data;
    expect(data.orderStatus).toBe(status);

    const banner = page.getByRole('region', { name: 'Loan status' });
    await expect(banner).toBeVisible();
    await expect(banner).toHaveCSS('background-color', BANNER[status]!);
    await expect(banner.locator('svg')).toBeVisible();

    const buttons = page.locator('main .app-buttons button');
    const expected = buttonsFor(status, data.isDelay);
    if (expected.length) await expect(buttons).toHaveText(expected);
    else await expect(buttons).toHaveCount(0);
    if (expected.includes('Pay for an extension')) await expect(page.getByText('Short of money?')).toBeVisible();

    if (status === 170) await expect(page.getByRole('dialog')).toHaveCount(0);

    const more = page.getByRole('link', { name: 'Click to view more products' });
    // Not while an application is under review (21): a second one before the first is decided.
    if (status === 110 && data.recProducts.length > 0) await expect(more).toBeVisible();
    else await expect(more).toHaveCount(0);
  });
}

for (const status of [21, 110, 170, 174, 180, 200]) {
  test(`order in status ${status}: one name in order details, My account and the complaint picker`, async ({ page }) => {
    const session = demoSession();
    const order = orderInStatus(session, status);
    const name = STATUS_NAME[status]!;
    const query = new URLSearchParams({ sessionId: session.sessionId, orderId: String(order.orderId), productId: String(order.productId) });
    await page.goto(`/loanDetails?${query.toString()}`);
    await expect(page.getByRole('region', { name: 'Loan status' }).getByRole('heading', { level: 2 })).toHaveText(name);

    await page.goto(`/mine?sessionId=${session.sessionId}`);
    await expect(page.locator(`main a[href*="orderId=${order.orderId}"]`)).toContainText(name);

    await page.goto(`/complaint?sessionId=${session.sessionId}&orderId=${order.orderId}`);
    const picked = page.getByRole('region', { name: 'The loan this is about' });
    await expect(picked.locator('dd').last()).toHaveText(name);
    await picked.getByRole('button', { name: 'Change loan' }).click();
    const sheet = page.getByRole('dialog', { name: 'Choose a loan' });
    await expect(sheet.locator('label', { has: page.locator('input:checked') })).toContainText(name);
  });
}

test('the approved (151) order goes straight to its confirm page (playeduL)', async ({ page }) => {
  const session = demoSession();
  const order = orderInStatus(session, 151);
  const query = new URLSearchParams({ sessionId: session.sessionId, orderId: String(order.orderId), productId: String(order.productId) });
  await page.goto(`/loanDetails?${query.toString()}`);
  // The page leaves at once, so the reply's body cannot be read here: check where it went.
  await expect(page).toHaveURL(
    (url) =>
      url.pathname === '/loanConfirm' &&
      url.searchParams.get('orderId') === String(order.orderId) &&
      !url.searchParams.has('sessionId'),
  );
  await expect(page.getByRole('heading', { level: 1, name: 'Confirm your loan' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Agree and borrow ₱[\d,]+\.\d\d$/ })).toBeVisible();
});
