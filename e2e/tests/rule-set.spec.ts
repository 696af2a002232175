import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../test';
import { applyForApprovedLoan, logIn } from '../borrower';
import { pageSession, shownDay, staffHeaders } from '../fixtures';

// The rule set of the law in force (decision 056) as the borrower meets it:
// named, with the server's own figures, in the disclosure statement shown
// before a loan is accepted and on the loan terms page; and the agreement
// box ticked only by the borrower's own act (D9). Today the rule set in
// force is SEC Memorandum Circular No. 14, series of 2025 (from 2026-04-01).

const SEC_MC_14 = 'SEC Memorandum Circular No. 14, series of 2025';
const PRODUCT = 'Bayanihan Cash Express';

/** A number no other spec uses (others use 0915 to 0919): 0927 + the last 7 digits of the clock. */
const newPhone = () => `0927${String(Date.now()).slice(-7)}`;

/** Centavos as the server and the pages write them: ₱2,910.00. */
function pesos(centavos: number): string {
  return `₱${Math.floor(centavos / 100).toLocaleString('en-US')}.${String(centavos % 100).padStart(2, '0')}`;
}

/** The value cell of the disclosure table's row headed `label`. */
function disclosed(page: Page, label: string): Locator {
  return page
    .locator('article table')
    .first()
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: label, exact: true }) })
    .getByRole('cell');
}

interface RuleSetView {
  code: string;
  source: string;
  inForceFrom: string;
  eirMonthlyBp: number;
  nominalMonthlyBp: number;
}

interface Quote {
  amount: number;
  netProceeds: number;
  totalRepayable: number;
  effectiveMonthlyRate: string;
  ruleSet: RuleSetView & { covers: boolean };
}

test.use({ viewport: { width: 360, height: 800 } });

test('the disclosure before acceptance names the rule set in force with the figures the server quotes; only Agree or the borrower ticks the box', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await logIn(page, newPhone());
  const approved = await applyForApprovedLoan(page, PRODUCT);
  const sessionId = await pageSession(page);
  const orderId = approved.searchParams.get('orderId') ?? '';
  const productId = approved.searchParams.get('productId') ?? '';
  const confirmUrl = page.url();

  // The agreement modal comes first; left to read the agreement (no Agree),
  // the page comes back with the box unticked and Next waiting.
  const modal = page.getByRole('dialog', { name: 'Loan agreement' });
  await expect(modal).toBeVisible();
  await modal.getByRole('button', { name: 'Read the loan agreement' }).click();
  await expect(page).toHaveURL(/\/loanAgreement\?.*doc=agreement/);
  await expect(page.locator('article h2').first()).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(confirmUrl);
  const next = page.getByRole('button', { name: /^Agree and borrow ₱[\d,]+\.\d\d$/ });
  await expect(next).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  const box = page.getByRole('checkbox', { name: /agree to the loan documents/ });
  await expect(box).not.toBeChecked();
  await expect(next).toBeDisabled();

  // What the server quotes for this loan today.
  const confirm = (await (
    await page.request.post(`/pany/v3/loan-confirm/loan-detail-confirm?sessionId=${sessionId}`, { form: { productId, orderId } })
  ).json()) as { code: string; data: { amount: number } };
  expect(confirm.code).toBe('00');
  const quoted = (await (
    await page.request.post(`/pany/v3/product/quote?sessionId=${sessionId}`, { form: { productId, amount: String(confirm.data.amount) } })
  ).json()) as { code: string; data: Quote };
  expect(quoted.code).toBe('00');
  const quote = quoted.data;
  expect(quote.ruleSet.code).toBe('SEC-MC-14-2025');
  expect(quote.ruleSet.source).toContain(SEC_MC_14);
  expect(quote.ruleSet.covers).toBe(true);

  // The disclosure statement, through its link: the rule set named, and the
  // quote's net proceeds, total to repay and effective rate.
  await page.getByRole('list', { name: 'Loan documents' }).getByRole('button', { name: /disclosure/i }).click();
  await expect(page).toHaveURL(/\/loanAgreement\?.*doc=disclosure/);
  await expect(page.getByRole('heading', { level: 1, name: 'Disclosure Statement on Loan Transaction' })).toBeVisible();
  await expect(disclosed(page, 'Amount of the loan')).toHaveText(pesos(quote.amount));
  await expect(disclosed(page, 'Net proceeds (what you receive)')).toHaveText(pesos(quote.netProceeds));
  await expect(disclosed(page, 'Total repayment')).toHaveText(pesos(quote.totalRepayable));
  await expect(disclosed(page, 'Effective interest rate (monthly, on the net proceeds)')).toHaveText(quote.effectiveMonthlyRate);
  const ceilings = disclosed(page, 'Ceilings of the law');
  await expect(ceilings).toContainText(quote.ruleSet.source);
  await expect(ceilings).toContainText(SEC_MC_14);
  await expect(ceilings).toContainText('12.00% a month');
  await expect(ceilings).not.toContainText('15%');
  await page.goBack();
  await expect(page).toHaveURL(confirmUrl);
  await expect(page.getByRole('checkbox', { name: /agree to the loan documents/ })).not.toBeChecked();

  // In a fresh tab (a new visit), the modal is asked again: Agree ticks the
  // box, and Next accepts by that act.
  const visit = await context.newPage();
  await visit.goto(confirmUrl);
  const again = visit.getByRole('dialog', { name: 'Loan agreement' });
  await expect(again).toBeVisible();
  await expect(visit.getByRole('checkbox', { name: /agree to the loan documents/ })).not.toBeChecked();
  await again.getByRole('button', { name: 'Agree', exact: true }).click();
  await expect(visit.getByRole('dialog')).toHaveCount(0);
  await expect(visit.getByRole('checkbox', { name: /agree to the loan documents/ })).toBeChecked();
  const pushed = visit.waitForRequest((r) => r.url().includes('/pany/v3/loan-confirm/loan-detail-push'));
  await visit.getByRole('button', { name: /^Agree and borrow ₱[\d,]+\.\d\d$/ }).click();
  expect(new URLSearchParams((await pushed).postData() ?? '').get('act')).toBe('agree_button');
  await expect(visit).toHaveURL(/\/loanDetails\?.*from=confirm/);

  // The order's record keeps the act and the acceptance's proof against the rule set.
  const record = (await (
    await visit.request.get(`/api/staff/orders/record?id=${orderId}`, { headers: staffHeaders('customer_care') })
  ).json()) as { data: { loan: { acceptedBy: string; ruleSet: string; proofs: { occasion: string; ruleSet: string; passed: boolean }[] } } };
  expect(record.data.loan.acceptedBy).toBe('agree_button');
  expect(record.data.loan.proofs).toContainEqual(expect.objectContaining({ occasion: 'acceptance', ruleSet: 'SEC-MC-14-2025', passed: true }));
  await visit.close();
});

test('the loan terms state the rule set in force, its source, the day it took effect and its ceilings, from the server', async ({ page }) => {
  const terms = page.waitForResponse((r) => r.url().includes('/pany/v3/contract/agreement'));
  await page.goto('/loanTerms?lang=en');
  const reply = (await (await terms).json()) as { code: string; data: { ruleSet: RuleSetView } };
  expect(reply.code).toBe('00');
  const rules = reply.data.ruleSet;
  expect(rules.code).toBe('SEC-MC-14-2025');
  expect(rules.eirMonthlyBp).toBe(1200);

  const limits = page.locator('article section').filter({ has: page.getByRole('heading', { name: /Legal limits for small, short loans/ }) });
  await expect(limits).toContainText(`For loans made from ${shownDay(rules.inForceFrom)}, that is ${rules.source}.`);
  await expect(limits).toContainText(SEC_MC_14);
  await expect(limits).toContainText('an effective interest rate of 12.00% a month');
  await expect(limits).toContainText('interest and every fee except penalties, as a monthly rate on the money you actually receive');
  await expect(limits).toContainText('nominal interest of 6.00% a month');
  const article = page.locator('article');
  await expect(article).not.toContainText('15%');
  await expect(article).not.toContainText('1133');
  await expect(article).not.toContainText('same period as its original term');
  await expect(article.locator('section').filter({ has: page.getByRole('heading', { name: /Extension/ }) })).toContainText(
    'Before you pay, the app shows its own disclosure statement',
  );
  // Nothing of it is wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});

test('the loan terms in Filipino fill in the same rule set', async ({ page }) => {
  await page.goto('/loanTerms?lang=fil');
  const limits = page.locator('article section').filter({ has: page.getByRole('heading', { name: /Mga limitasyon ng batas/ }) });
  await expect(limits).toContainText(SEC_MC_14);
  await expect(limits).toContainText('effective interest rate na 12.00% kada buwan');
  await expect(page.locator('article')).not.toContainText('15%');
});
