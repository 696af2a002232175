import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../test';
import { fillSection, saveSection, logIn } from '../borrower';
import { closePopups, pageSession, setClockAhead, smsOutbox } from '../fixtures';

// A new borrower from log-in to a repaid loan: home → product → KYC →
// apply → confirm (with the agreement and disclosure) → order details, where
// the loan waits for an account (170) → bind bank → the loan is sent (174)
// → 46 days on, past the early-repayment threshold, paid off for less than
// the plan's total through the loan's standing code and the sandbox gateway
// → fully paid (200).

const PRODUCT = 'Bayanihan Cash Express';
const AMOUNT_CENTAVOS = '300000';

/** A number no other spec uses (others use 0917… and 0916…): 0918 + the last 7 digits of the clock. */
const newPhone = () => `0918${String(Date.now()).slice(-7)}`;

/** The bank account the loan is sent to; the sandbox pays any number not ending in 0000. */
const BANK = 'BDO Unibank';
const ACCOUNT = '001234567891';
const ACCOUNT_SHOWN = '0012 3456 7891';
const MASKED = '•••• 7891';

/** The account number, raw or grouped, is nowhere on the page. */
async function expectNoAccountNumber(page: Page) {
  const html = await page.content();
  expect(html).not.toContain(ACCOUNT);
  expect(html).not.toContain(ACCOUNT_SHOWN);
}

/** The confirm page's agreement modal, when the server asks for it, is agreed to. */
async function agreeIfAsked(page: Page) {
  const modal = page.getByRole('dialog', { name: 'Loan agreement' });
  await page.getByRole('button', { name: /^Agree and borrow ₱[\d,]+\.\d\d$/ }).waitFor();
  if (await modal.isVisible()) await modal.getByRole('button', { name: 'Agree', exact: true }).click();
}

/**
 * The agreement box, ticked by the borrower: back from a document, Agree
 * was not tapped on this visit, so the box waits unticked (D9).
 */
async function tickAgreement(page: Page) {
  const box = page.getByRole('checkbox', { name: /agree to the loan documents/ });
  await expect(box).not.toBeChecked();
  await expect(page.getByRole('button', { name: /^Agree and borrow ₱[\d,]+\.\d\d$/ })).toBeDisabled();
  await box.check();
}

/** label → value of the rows of a definition list or a two-column table. */
async function rows(scope: Locator, row: string, label: string, value: string): Promise<[string, string][]> {
  const out: [string, string][] = [];
  for (const r of await scope.locator(row).all()) {
    out.push([(await r.locator(label).innerText()).trim(), (await r.locator(value).innerText()).trim()]);
  }
  return out;
}

/** The amount of the first row whose label matches `re` and is not a rate or a finance-charge total. */
const pick = (list: [string, string][], re: RegExp) =>
  list.find(([l, v]) => re.test(l) && !/rate|charge/i.test(l) && /^₱[\d,]+\.\d\d$/.test(v))?.[1];

test('a new borrower borrows ₱3,000 from log-in, binds a bank account, and pays the loan off early for less', async ({ page }) => {
  test.setTimeout(180_000);
  const phone = newPhone();
  await logIn(page, phone);

  // Home → the product.
  const card = page.getByRole('list', { name: 'Loan products' }).getByRole('listitem').filter({ has: page.getByRole('heading', { name: PRODUCT, exact: true }) });
  await card.getByRole('button').click();
  await expect(page).toHaveURL(/\/productDetail(\?|$)/);
  await page.getByRole('slider', { name: 'Loan amount' }).fill(AMOUNT_CENTAVOS);
  await expect(page.locator('output')).toHaveText('₱3,000.00');
  await page.getByRole('button', { name: 'Apply now' }).click();

  // KYC incomplete → the sections, then back to the product with the amount.
  await expect(page).toHaveURL(/\/certify\?.*amount=300000/);
  await page.getByRole('link', { name: 'Continue' }).click();
  for (let step = 0; step < 6 && !/\/productDetail/.test(page.url()); step += 1) {
    const here = new URL(page.url()).pathname;
    expect(here).toMatch(/^\/certify\/(basic|personal|job|ext)$/);
    await fillSection(page);
    await saveSection(page);
  }
  await expect(page).toHaveURL(/\/productDetail\?.*amount=300000/);
  await expect(page.locator('output')).toHaveText('₱3,000.00');

  // Apply → approved → confirm.
  await page.getByRole('button', { name: 'Apply now' }).click();
  await expect(page).toHaveURL(/\/loanConfirm\?.*orderId=\d+/);
  await agreeIfAsked(page);
  await expect(page.getByText('₱3,000.00').first()).toBeVisible();
  const confirmRows = await rows(page.getByRole('region', { name: 'Loan details' }), '.app-row', 'dt', 'dd');
  const interest = pick(confirmRows, /interest/i);
  const total = pick(confirmRows, /total/i);
  expect(interest, `an interest row among ${JSON.stringify(confirmRows)}`).toBeTruthy();
  expect(total, `a total row among ${JSON.stringify(confirmRows)}`).toBeTruthy();
  const confirmUrl = page.url();

  // The agreement, through its contract link.
  const documents = page.getByRole('list', { name: 'Loan documents' });
  await documents.getByRole('button', { name: /agreement/i }).click();
  await expect(page).toHaveURL(/\/loanAgreement\?.*doc=agreement/);
  await expect(page.locator('article h2').first()).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(confirmUrl);
  await agreeIfAsked(page);

  // The disclosure statement shows the same interest and total.
  await documents.getByRole('button', { name: /disclosure/i }).click();
  await expect(page).toHaveURL(/\/loanAgreement\?.*doc=disclosure/);
  const table = page.locator('article table').first();
  await expect(table).toBeVisible();
  const disclosed = await rows(table, 'tbody tr', 'th', 'td');
  expect(pick(disclosed, /interest/i), JSON.stringify(disclosed)).toBe(interest);
  expect(pick(disclosed, /total/i), JSON.stringify(disclosed)).toBe(total);
  await page.goBack();
  await expect(page).toHaveURL(confirmUrl);
  await agreeIfAsked(page);
  await tickAgreement(page);

  // Next → the order is being disbursed; accepted by the borrower's own tick.
  const accepted = page.waitForRequest((r) => r.url().includes('/pany/v3/loan-confirm/loan-detail-push'));
  const details = page.waitForResponse((r) => r.url().includes('/pany/v3/loan-details/loan-details'));
  await page.getByRole('button', { name: 'Agree and borrow ₱3,000.00', exact: true }).click();
  expect(new URLSearchParams((await accepted).postData() ?? '').get('act')).toBe('checkbox');
  await expect(page).toHaveURL(/\/loanDetails\?.*from=confirm/);
  const body = (await (await details).json()) as { data: { orderStatus: number } };
  expect(body.data.orderStatus).toBe(170);
  // No account yet: the loan waits, and order details asks for one in its
  // banner, under the status's one name, with one button and no popup
  // (decisions 045, 086).
  const banner = page.getByRole('region', { name: 'Loan status' });
  await expect(banner.getByRole('heading', { name: 'Loan confirmed' })).toBeVisible();
  await expect(banner).toContainText('Add a bank account or e-wallet in your name.');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.locator('main .app-buttons button')).toHaveText(['Add your payout account']);
  const orderUrl = new URL(page.url());
  const orderId = orderUrl.searchParams.get('orderId');
  await page.getByRole('button', { name: 'Add your payout account' }).click();
  await expect(page).toHaveURL(/\/bindBank(\?|$)/);
  const bindUrl = new URL(page.url());
  expect(bindUrl.searchParams.get('source')).toBe('loanDetail');
  expect(bindUrl.searchParams.get('orderId')).toBe(orderId);
  expect(bindUrl.searchParams.has('sessionId')).toBe(false);

  // Bind bank: a bank account over InstaPay by default; the e-wallet tab has its own fields.
  await expect(page.getByRole('heading', { level: 1, name: 'Payout account' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Bank account' })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('tab', { name: 'E-wallet' }).click();
  await expect(page.getByRole('textbox', { name: 'E-wallet mobile number' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Bank', exact: true })).toBeHidden();
  await page.getByRole('tab', { name: 'Bank account' }).click();
  const bankPicker = page.getByRole('combobox', { name: 'Bank', exact: true });
  await bankPicker.click();
  const sheet = page.getByRole('dialog', { name: 'Bank' });
  await sheet.getByRole('radio', { name: BANK }).check();
  await sheet.getByRole('button', { name: 'Confirm' }).click();
  await expect(sheet).toBeHidden();
  await expect(bankPicker).toHaveValue(BANK);

  // A number the server refuses (too short) marks the field.
  const account = page.getByRole('textbox', { name: 'Account number' });
  await account.fill('12a3');
  await expect(account).toHaveValue('123');
  const refused = page.waitForResponse((r) => r.url().includes('/pany/v3/bind-card/bind-card-loan-detail'));
  await page.getByRole('button', { name: 'Next' }).click();
  const refusal = await refused;
  // D7: a refusal is HTTP 200 with the envelope's code 400.
  expect(refusal.status()).toBe(200);
  const refusalBody = (await refusal.json()) as { code: string; data: { field: string } };
  expect(refusalBody.code).toBe('400');
  expect(refusalBody.data.field).toBe('bankAccount');
  await expect(account).toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL(/\/bindBank(\?|$)/);

  // Digits only, grouped in fours; what is sent is digits only.
  await account.fill('');
  await account.pressSequentially(`${ACCOUNT.slice(0, 4)}-${ACCOUNT.slice(4)}`);
  await expect(account).toHaveValue(ACCOUNT_SHOWN);
  await expect(account).not.toHaveAttribute('aria-invalid', 'true');
  const bound = page.waitForResponse((r) => r.url().includes('/pany/v3/bind-card/bind-card-loan-detail'));
  const sentDetails = page.waitForResponse((r) => r.url().includes('/pany/v3/loan-details/loan-details'));
  await page.getByRole('button', { name: 'Next' }).click();
  const boundReply = await bound;
  expect(new URLSearchParams(boundReply.request().postData() ?? '').toString()).toBe(
    new URLSearchParams({ cardType: '1', bankCode: 'BDO', bankAccount: ACCOUNT, product_id: bindUrl.searchParams.get('productId') ?? '' }).toString(),
  );
  const boundText = await boundReply.text();
  expect(boundText).not.toContain(ACCOUNT);
  expect((JSON.parse(boundText) as { data: { masked: string; loansSent: number } }).data).toMatchObject({ masked: MASKED, loansSent: 1 });

  // Back on order details: the loan has been sent, repayment is open.
  await expect(page).toHaveURL(/\/loanDetails\?.*source=loanDetail/);
  expect(new URL(page.url()).searchParams.get('orderId')).toBe(orderId);
  const sent = ((await (await sentDetails).json()) as { data: { orderStatus: number; cardNeedPop: number } }).data;
  expect(sent).toMatchObject({ orderStatus: 174, cardNeedPop: 0 });
  await expect(page.locator('[data-status="174"]')).toBeVisible();
  const repay = page.getByRole('button', { name: 'Pay', exact: true });
  await expect(repay).toBeVisible();
  await closePopups(page);
  await expectNoAccountNumber(page);

  // The borrower is told where the money went, with the account masked.
  await expect.poll(() => smsOutbox(phone).filter((m) => m.body.includes('we sent')).length, { timeout: 15_000 }).toBe(1);
  const payout = smsOutbox(phone).find((m) => m.body.includes('we sent'));
  expect(payout?.body).toContain(`${BANK} ${MASKED}`);

  // Forty-six days on, past half of the 91-day term, the agreement lets the
  // borrower pay the whole loan off with interest only to the day: less than
  // the plan's total. The session idled out across the move: log in again.
  setClockAhead(46);
  try {
    await logIn(page, phone);
    const query = new URLSearchParams({
      sessionId: await pageSession(page),
      orderId: orderId ?? '',
      productId: orderUrl.searchParams.get('productId') ?? '',
    });
    const info = page.waitForResponse((r) => r.url().includes('/pany/v3/installment/loan-play-detail'));
    await page.goto(`/repaymentByPeriod?${query.toString()}`);
    const infoBody = (await (await info).json()) as {
      code: string;
      data: {
        repayAmount: number;
        defDetail: { payCode: string };
        payoff: { amount: number; earlyAllowed: boolean; interestSaved: number };
      };
    };
    expect(infoBody.code).toBe('00');
    const payoff = infoBody.data.payoff;
    expect(payoff.earlyAllowed).toBe(true);
    expect(payoff.interestSaved).toBeGreaterThan(0);
    // Principal plus interest to the day: the schedule's total less the interest it saves.
    expect(pesos(payoff.amount + payoff.interestSaved)).toBe(total);
    expect(payoff.amount).toBeLessThanOrEqual(infoBody.data.repayAmount);
    const card = page.getByRole('region', { name: 'Pay off the whole loan today' });
    await expect(card.getByText(pesos(payoff.amount), { exact: true })).toBeVisible();
    await expect(card).toContainText(`This saves you ${pesos(payoff.interestSaved)} of interest.`);
    await expectNoAccountNumber(page);

    // The loan's standing code takes that amount on the demo's test page.
    await page.goto(`/sandbox/pay?code=${infoBody.data.defDetail.payCode}`);
    await expect(page.getByText('TEST PAGE')).toBeVisible();
    await page.getByLabel('Amount in pesos').fill((payoff.amount / 100).toFixed(2));
    await page.getByRole('button', { name: /^Pay/ }).click();
    await expect(page.getByText('Payment sent')).toBeVisible();

    // Fully paid, and the borrower was texted a receipt.
    await expect
      .poll(
        async () => {
          const reply = page.waitForResponse((r) => r.url().includes('/pany/v3/loan-details/loan-details'));
          await page.goto(`/loanDetails?${query.toString()}`);
          return ((await (await reply).json()) as { data: { orderStatus: number } }).data.orderStatus;
        },
        { timeout: 30_000 },
      )
      .toBe(200);
    await expect(page.getByRole('heading', { name: 'Fully paid' })).toBeVisible();
    await expectNoAccountNumber(page);
    await expect.poll(() => smsOutbox(phone).filter((m) => m.body.includes('we received')).length, { timeout: 15_000 }).toBe(1);

    // No message to this borrower carries the account number.
    for (const message of smsOutbox(phone)) {
      expect(message.body).not.toContain(ACCOUNT);
      expect(message.body).not.toContain(ACCOUNT_SHOWN);
    }

    // Bind bank again shows where loans go now, masked, and never prefills the number.
    await page.goto(`/bindBank?${new URLSearchParams({ sessionId: query.get('sessionId') ?? '', productId: query.get('productId') ?? '' }).toString()}`);
    await expect(page.getByTestId('current-account')).toHaveText(`Loans are sent to: ${BANK} ${MASKED}`);
    await expect(page.getByRole('combobox', { name: 'Bank', exact: true })).toHaveValue(BANK);
    await expect(page.getByRole('textbox', { name: 'Account number' })).toHaveValue('');
    await expectNoAccountNumber(page);
  } finally {
    setClockAhead(0);
  }
});

/** Centavos as the pages write them (web/shared's formatMoney). */
function pesos(centavos: number): string {
  return `₱${Math.floor(centavos / 100).toLocaleString('en-US')}.${String(centavos % 100).padStart(2, '0')}`;
}
