// Issue 20 at 360×800: every borrower page has a way back and a way home;
// toasts show in their band at the top, never over the focused field or an
// open dialog, and leave with their page; the 170 order tells one story; the
// agreement link opens the agreement (decision 045).
import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../test';
import { fillSection } from '../borrower';
import { demoSession, nextSmsCode, orderInStatus, pageSession, smsOutbox, type DemoSession } from '../fixtures';

const newPhone = () => `0915${String(Date.now()).slice(-7)}`;

/**
 * The pages of the borrower app, each with the query it needs for the demo
 * borrower (whose session and orders are read in the test: the server resets
 * its database when it starts).
 */
const ROUTES: readonly ((session: DemoSession) => string)[] = [
  (s) => `/loanDetails?orderId=${orderInStatus(s, 21).orderId}&productId=${orderInStatus(s, 21).productId}`,
  (s) => `/order?orderId=${orderInStatus(s, 174).orderId}&productId=${orderInStatus(s, 174).productId}`,
  (s) => `/productDetail?productId=${orderInStatus(s, 174).productId}`,
  () => '/certify',
  () => '/certify/basic',
  (s) => `/loanAgreement?orderId=${orderInStatus(s, 174).orderId}&doc=agreement`,
  () => '/loginFailure',
  (s) => `/repaymentByPeriod?orderId=${orderInStatus(s, 174).orderId}&productId=${orderInStatus(s, 174).productId}`,
  (s) => `/repayDelay?orderId=${orderInStatus(s, 174).orderId}&productId=${orderInStatus(s, 174).productId}`,
  () => '/paymentInstructions',
  () => '/repaymentOfCode?showType=1&payCode=123456789012&repayAmount=100000',
  () => '/repaymentOfCode2',
  () => '/login',
  () => '/mine',
  () => '/aboutUs',
  () => '/privacyPolicy',
  () => '/loanTerms',
  () => '/customerService',
  (s) => `/bindBank?productId=${orderInStatus(s, 174).productId}`,
  () => '/complaint',
  () => '/complaintList',
  () => '/complainPageNext?problemType=2',
  () => '/complainDetails?problemId=1',
  () => '/calculator',
  () => '/calculator/saved',
  () => '/calculator/exchange',
  () => '/bookKeeping',
  () => '/bookKeepingRecord',
  () => '/bookKeepingStatistics',
  () => '/repaymentReminders',
  () => '/repaymentBill',
  () => '/no-such-page',
];

const header = (page: Page) => page.locator('header.app-header');

/** Closes what a page opens by itself (the safety reminder, a rating), so the header can be reached. */
async function closeDialogs(page: Page) {
  const dialog = page.getByRole('dialog');
  for (let i = 0; i < 4 && (await dialog.count()) > 0; i += 1) {
    const close = dialog.first().getByRole('button', { name: /^(Close|OK)$/ });
    if ((await close.count()) === 0) break;
    await close.first().click();
  }
}

function overlaps(a: { x: number; y: number; width: number; height: number }, b: { x: number; y: number; width: number; height: number }) {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** Fails when the toast showing now covers any of `targets` (by their boxes on screen). */
async function expectToastClearOf(page: Page, targets: Locator[]) {
  const toast = page.locator('.h-toast');
  await expect(toast).toBeVisible();
  const box = await toast.boundingBox();
  expect(box).not.toBeNull();
  for (const target of targets) {
    const other = await target.boundingBox();
    expect(other, 'the target is on screen').not.toBeNull();
    expect(overlaps(box!, other!), `the toast ${JSON.stringify(box)} covers ${JSON.stringify(other)}`).toBe(false);
  }
}

/** The focused element's locator, for its box. */
const focused = (page: Page) => page.locator('*:focus');

for (const [index, route] of ROUTES.entries()) {
  test(`borrower page ${index + 1} of ${ROUTES.length}: back leads home at the first page of a browser session, and home is one tap away`, async ({ page }) => {
    const session = demoSession();
    const path = route(session);
    await page.goto(`${path}${path.includes('?') ? '&' : '?'}sessionId=${session.sessionId}`);
    await expect(header(page).getByRole('heading', { level: 1 }), path).toBeVisible();
    // What the page opens by itself (the safety reminder, a rating) comes with its data.
    await page.waitForLoadState('networkidle');
    await closeDialogs(page);
    const home = header(page).getByRole('link', { name: 'Home' });
    await expect(home, `home link on ${path}`).toBeVisible();
    expect(new URL((await home.getAttribute('href')) ?? '', page.url()).pathname).toBe('/home');
    await header(page).getByRole('button', { name: 'Back' }).click();
    await expect(page, `back from ${path}`).toHaveURL(/\/home(\?|$)/);
    expect(new URL(page.url()).searchParams.has('sessionId'), 'the session stays in the cookie').toBe(false);
  });
}

test('inside the app, back returns to the page before; the tools are reached from home', async ({ page }) => {
  const session = demoSession();
  await page.goto(`/home?sessionId=${session.sessionId}`);
  // Home opened first in a browser: nothing to go back to, and no home link to itself.
  await expect(header(page).getByRole('button', { name: 'Back' })).toHaveCount(0);
  await expect(header(page).getByRole('link', { name: 'Home' })).toHaveCount(0);
  const tools = page.getByRole('list', { name: 'Tools' });
  for (const name of ['Loan calculator', 'Income and expense book', 'Repayment reminders', 'Complaints and suggestions', 'Customer service']) {
    await expect(tools.getByRole('link', { name: new RegExp(name, 'i') })).toBeVisible();
  }
  await tools.getByRole('link', { name: /customer service/i }).click();
  await expect(page).toHaveURL(/\/customerService(\?|$)/);
  await header(page).getByRole('button', { name: 'Back' }).click();
  await expect(page).toHaveURL(/\/home(\?|$)/);
  await expect(tools).toBeVisible();
});

test("at the first page of the shell's web view, back closes the web view", async ({ page }) => {
  await page.addInitScript(() => {
    const calls: string[] = [];
    (window as unknown as { closeCalls: string[] }).closeCalls = calls;
    (window as unknown as { HiramBridge: Record<string, (json: string) => void> }).HiramBridge = {
      closeWebview: (json) => void calls.push(json),
    };
  });
  const session = demoSession();
  await page.goto(`/customerService?sessionId=${session.sessionId}`);
  await header(page).getByRole('button', { name: 'Back' }).click();
  await expect.poll(() => page.evaluate(() => (window as unknown as { closeCalls: string[] }).closeCalls)).toEqual(['{}']);
  await expect(page).toHaveURL(/\/customerService(\?|$)/);
});

test('a wrong login code: the toast stays clear of the code field, and leaves once the right code logs in', async ({ page }) => {
  const phone = newPhone();
  const seen = smsOutbox(phone).length;
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Mobile number' }).fill(phone);
  await page.getByRole('button', { name: 'Get code' }).click();
  const code = await nextSmsCode(phone, seen);
  const codeField = page.getByRole('textbox', { name: 'Verification code' });
  await codeField.fill(code === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.locator('.h-toast')).toBeVisible();
  await codeField.focus();
  await expectToastClearOf(page, [focused(page), page.getByRole('button', { name: 'Log in' })]);
  await codeField.fill(code);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/home(\?|$)/);
  await expect(page.locator('.h-toast')).toHaveCount(0);
});

test('certification: opens with no toast; a refused answer shows beside its field, what was entered stays, and a toast never covers the focused field', async ({ page }) => {
  const phone = newPhone();
  const seen = smsOutbox(phone).length;
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Mobile number' }).fill(phone);
  await page.getByRole('button', { name: 'Get code' }).click();
  await page.getByRole('textbox', { name: 'Verification code' }).fill(await nextSmsCode(phone, seen));
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/home(\?|$)/);
  const sessionId = await pageSession(page);

  await page.goto(`/certify?sessionId=${sessionId}`);
  await expect(page.getByRole('link', { name: 'Continue' })).toBeVisible();
  await expect(page.locator('.h-toast')).toHaveCount(0);

  // Too young: the server names the birth date; the message sits beside it.
  await page.goto(`/certify/basic?sessionId=${sessionId}`);
  const form = page.locator('main form');
  await expect(form.getByRole('button', { name: 'Save and continue' })).toBeVisible();
  const name = form.getByRole('textbox').first();
  await name.fill('Juan Dela Cruz');
  const birth = form.locator('input[type="date"]');
  await birth.fill('2015-01-01');
  await fillSection(page);
  await form.getByRole('button', { name: 'Save and continue' }).click();
  await expect(birth).toHaveAttribute('aria-invalid', 'true');
  await expect(birth).toBeFocused();
  await expect(form.getByText('You must be at least 18 years old to borrow.')).toBeVisible();
  await expect(page.locator('.h-toast')).toHaveCount(0);
  await expect(name).toHaveValue('Juan Dela Cruz');
  await expect(birth).toHaveValue('2015-01-01');

  // A failure that names no field is a toast: in its band, clear of the field in focus at the top of the form.
  await page.route('**/pany/v3/certify/save-basic-info**', (route) =>
    route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ code: '503', message: 'The service is busy. Please try again.', data: null }) }),
  );
  await birth.fill('1990-01-01');
  await form.getByRole('button', { name: 'Save and continue' }).click();
  await name.focus();
  await expectToastClearOf(page, [focused(page), form.getByRole('button', { name: 'Save and continue' })]);
  await expect(name).toHaveValue('Juan Dela Cruz');
});

test('bind bank: a refused number shows beside its field; a toast stays clear of the focused field and of an open picker', async ({ page }) => {
  const session = demoSession();
  const product = orderInStatus(session, 170).productId;
  await page.goto(`/bindBank?productId=${product}&sessionId=${session.sessionId}`);
  const account = page.getByRole('textbox', { name: 'Account number' });
  await expect(account).toBeVisible();
  await page.getByRole('combobox', { name: 'Bank' }).click();
  const sheet = page.getByRole('dialog');
  await sheet.getByRole('radio').first().check();
  await sheet.getByRole('button', { name: 'Confirm' }).click();
  await account.fill('12345');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(account).toHaveAttribute('aria-invalid', 'true');
  await expect(account).toBeFocused();
  await expect(page.locator('.h-toast')).toHaveCount(0);
  await expect(account).toHaveValue('1234 5'); // as typed, shown in fours

  await page.route('**/pany/v3/bind-card/**', (route) =>
    route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ code: '503', message: 'The service is busy. Please try again.', data: null }) }),
  );
  await account.fill('001234567890');
  await page.getByRole('button', { name: 'Next' }).click();
  await account.focus();
  await expectToastClearOf(page, [focused(page)]);
  // The picker opened while the toast shows: its title and choices are clear of it.
  await page.getByRole('combobox', { name: 'Bank' }).click();
  await expect(sheet).toBeVisible();
  await expectToastClearOf(page, [sheet.getByRole('heading').first(), sheet.getByRole('radio').first()]);
});

test('the 170 order: a banner asking for the account, no popup, no Pay button', async ({ page }) => {
  const session = demoSession();
  const order = orderInStatus(session, 170);
  await page.goto(`/loanDetails?orderId=${order.orderId}&productId=${order.productId}&sessionId=${session.sessionId}`);
  const banner = page.getByRole('region', { name: 'Loan status' });
  await expect(banner.getByRole('heading', { name: 'Loan confirmed' })).toBeVisible();
  await expect(banner).toContainText('Add a bank account or e-wallet in your name.');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Pay', exact: true })).toHaveCount(0);
  await expect(page.locator('main .app-buttons button')).toHaveText(['Add your payout account']);
});

test('"Read the loan agreement" opens the agreement, and the modal is not asked again after reading', async ({ page }) => {
  const session = demoSession();
  const order = orderInStatus(session, 151);
  await page.goto(`/loanConfirm?orderId=${order.orderId}&productId=${order.productId}&sessionId=${session.sessionId}`);
  const modal = page.getByRole('dialog', { name: 'Loan agreement' });
  await expect(modal).toBeVisible();
  await modal.getByRole('button', { name: 'Read the loan agreement' }).click();
  await expect(page).toHaveURL(/\/loanAgreement\?.*doc=agreement/);
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(/disclosure/i);
  await page.goBack();
  await expect(page).toHaveURL(/\/loanConfirm(\?|$)/);
  await expect(page.getByRole('button', { name: /^Agree and borrow ₱[\d,]+\.\d\d$/ })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});
