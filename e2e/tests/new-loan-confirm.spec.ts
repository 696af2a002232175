import type { Request } from '@playwright/test';
import { expect, test } from '../test';
import { applyForApprovedLoan, logIn } from '../borrower';

// The older confirmation page (/newLoanConfirm) as a shell in the field opens
// it: a new borrower's approved loan, confirmed on the older page through its
// own calls (POST satire, GET cultures, GET misunderstood, POST depush).

const PRODUCT = 'Bayanihan Cash Express';

/** A number no other spec uses: 0916 + the last 7 digits of the clock. */
const newPhone = () => `0916${String(Date.now()).slice(-7)}`;

test('a borrower confirms an approved loan on the older confirmation page', async ({ page }) => {
  test.setTimeout(120_000);
  await logIn(page, newPhone());
  const approved = await applyForApprovedLoan(page, PRODUCT);
  const orderId = approved.searchParams.get('orderId');

  const legacyCalls: Request[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/pany/gopia/goya/')) legacyCalls.push(request);
  });
  const data = page.waitForResponse((r) => r.url().includes('/pany/gopia/goya/satire'));
  await page.goto(`/newLoanConfirm${approved.search}`);
  const confirm = (await (await data).json()) as {
    code: string;
    data: { amount: number; NewButtonMsg: string; NewPopMsg: string; popAgreementUrl: string };
  };
  expect(confirm.code).toBe('00');
  await expect(page.getByRole('heading', { level: 1, name: 'Confirm your loan' })).toBeVisible();

  // The agreement modal first (the server gives popAgreementUrl), then the promotion.
  expect(confirm.data.popAgreementUrl).not.toBe('');
  const agreement = page.getByRole('dialog', { name: 'Loan agreement' });
  await expect(agreement).toBeVisible();
  await expect(agreement.getByRole('button', { name: 'Close' })).toHaveCount(0);
  await agreement.getByRole('button', { name: 'Agree', exact: true }).click();
  const promotion = page.getByRole('dialog', { name: 'Good to know' });
  await expect(promotion).toContainText(confirm.data.NewPopMsg);
  await promotion.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // Amount, product, due date, loan details and payment schedule.
  const pesos = (confirm.data.amount / 100).toLocaleString('en-PH', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  await expect(page.locator('.app-amount')).toHaveText(`₱${pesos}`);
  await expect(page.getByRole('heading', { name: PRODUCT })).toBeVisible();
  await expect(page.getByText(/^(Due date|First due date)$/)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Loan details' }).locator('.app-row').first()).toBeVisible();
  await expect(page.getByRole('region', { name: 'Payment schedule' }).getByRole('listitem').first()).toBeVisible();

  // Agree in the modal ticked the box (D9); unticked, the server-worded button is grey.
  const button = page.getByRole('button', { name: confirm.data.NewButtonMsg, exact: true });
  const box = page.getByRole('checkbox', { name: /agree to the loan documents/ });
  await expect(box).toBeChecked();
  await expect(button).toBeEnabled();
  await box.uncheck();
  await expect(button).toBeDisabled();
  await box.check();
  await expect(button).toBeEnabled();

  // A document link: GET misunderstood, then the order's agreement.
  await page.getByRole('list', { name: 'Loan documents' }).getByRole('button', { name: /agreement/i }).click();
  await expect(page).toHaveURL(/\/loanAgreement\?.*doc=agreement/);
  await expect(page.locator('article h2').first()).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/newLoanConfirm(\?|$)/);
  // Agreed once, the agreement modal is not asked again (decision 045); the promotion still shows.
  await page.getByRole('dialog', { name: 'Good to know' }).getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('dialog', { name: 'Loan agreement' })).toHaveCount(0);
  // On this visit there was no Agree: the box waits for the borrower's own tick (D9).
  await expect(box).not.toBeChecked();
  await expect(button).toBeDisabled();
  await box.check();

  // Confirm: depush, then order details with from=confirm; the loan is being sent.
  const details = page.waitForResponse((r) => r.url().includes('/pany/v3/loan-details/loan-details'));
  await page.getByRole('button', { name: confirm.data.NewButtonMsg, exact: true }).click();
  await expect(page).toHaveURL(/\/loanDetails\?.*from=confirm/);
  expect(new URL(page.url()).searchParams.get('orderId')).toBe(orderId);
  const body = (await (await details).json()) as { data: { orderStatus: number } };
  expect(body.data.orderStatus).toBe(170);

  const seen = legacyCalls.map((request) => `${request.method()} ${new URL(request.url()).pathname}`);
  expect(seen).toEqual(
    expect.arrayContaining([
      'POST /pany/gopia/goya/satire',
      'GET /pany/gopia/goya/cultures',
      'GET /pany/gopia/goya/misunderstood',
      'POST /pany/gopia/goya/depush',
    ]),
  );
  const depush = legacyCalls.find((request) => request.url().includes('/depush'))!;
  const form = new URLSearchParams(depush.postData() ?? '');
  expect(form.get('amount')).toBe(String(confirm.data.amount));
  expect(form.get('productId')).toBe(approved.searchParams.get('productId'));
  expect(form.get('act')).toBe('checkbox');
});
