import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, test } from '../test';
import { BASE_URL } from '../env';
import { demoSession, mailedLink, openLoanOfItsOwn, orderInStatus, staffAdd, totpCode, type StaffAccount } from '../fixtures';
import { consoleSignIn as signIn } from '../screens';

// The operator console runs on office PCs: a desktop viewport, a mouse.
test.use({ viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false });
// (b) reads what (a) wrote in the audit log.
test.describe.configure({ mode: 'serial' });

/** A 16×16 PNG: the server decodes, re-encodes and serves it as a JPEG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAIAAACQkWg2AAAAFklEQVR42mNY6fWfJMQwqmFUw/DVAABptvIQCvGVggAAAABJRU5ErkJggg==',
  'base64',
);

const run = Date.now();
/** A new account for this run; each signs in once, as a TOTP code works once per account. */
const account = (who: string, name: string, role: string) => staffAdd(`${who}.${run}@e2e.hiram.ph`, name, role);

/** Waits until an <img> has decoded a picture. */
async function expectLoaded(page: Page, name: string) {
  const image = page.getByRole('img', { name, exact: true });
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
}

const menu = (page: Page) => page.getByRole('navigation', { name: 'Sections' });

let answered: { complaintId: number; care: StaffAccount } | undefined;
let matched: { entryId: number; orderNo: string; finance: StaffAccount } | undefined;
let created: { productId: number; admin: StaffAccount } | undefined;

/** The order's "Total owed" as its record panel shows it, in centavos. */
async function owedTotal(page: Page): Promise<number> {
  // What paying off costs today, interest to the day (the loan account's):
  // the ledger's "owed now" grows by what a posting brings to the day.
  const cell = page.getByRole('complementary', { name: 'Order' }).getByTestId('owed-today-total');
  await expect(cell).toHaveText(/₱[\d,]+\.\d\d/);
  return Number((await cell.textContent())!.replace(/[₱,.]/g, ''));
}

test('(a) customer care signs in with a TOTP code and answers a borrower’s complaint, which the borrower reads', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  // The demo borrower files a complaint (question type 2, no loan needed).
  const session = demoSession();
  const description = `My payment is not showing yet (console e2e ${run}).`;
  const saved = await request.post(`/pany/user-problem/problem-save?sessionId=${session.sessionId}`, {
    form: { problemType: '2', problemDetail: description },
  });
  expect(((await saved.json()) as { code: string }).code).toBe('00');
  const list = await request.post(`/pany/user-problem/problem-list?sessionId=${session.sessionId}`);
  const tabs = ((await list.json()) as { data: { tabs: { list: { id: number; reference: string; content: string }[] }[] } }).data.tabs;
  const filed = tabs[0]!.list.find((entry) => entry.content === description)!;
  // Staff and borrower name it by its complaint number (decision 091).
  const [complaintId, reference] = [filed.id, filed.reference];
  expect(reference).toMatch(/^HC-\d{7,}$/);

  const care = account('care', 'Care Agent', 'customer_care');
  const login = await signIn(page, care);
  expect(login.status()).toBe(200);
  expect(await login.headerValue('set-cookie')).toMatch(/^hiram_console=[^;]+; Path=\/api\/console; HttpOnly; SameSite=Strict/);

  // Who is signed in, and only the sections customer care may open.
  const top = page.getByRole('banner');
  await expect(top.getByText('Care Agent', { exact: true })).toBeVisible();
  await expect(top.getByText('Customer care', { exact: true })).toBeVisible();
  await expect(top.getByRole('button', { name: 'Sign out' })).toBeVisible();
  await expect(menu(page).getByRole('link')).toHaveText(['Dashboard', 'Orders', 'Borrowers', 'Complaints', 'Rule sets', 'SMS outbox']);
  await expect(page).toHaveURL(/\/console\/dashboard$/);
  await expect(page.getByRole('img', { name: /^Applications: \d+$/ })).toBeVisible();
  await menu(page).getByRole('link', { name: 'Complaints' }).click();

  // The open complaint is in the inbox; its row opens it.
  const inbox = page.getByRole('table', { name: 'Complaints' });
  const row = inbox.getByRole('row').filter({ hasText: description });
  await expect(row).toContainText('Working days left:');
  await row.getByRole('button', { name: `Open complaint ${reference}` }).click();
  const panel = page.getByRole('complementary', { name: `Complaint ${reference}` });
  await expect(panel.getByText(description)).toBeVisible();
  await expect(panel.getByText('Open', { exact: true })).toBeVisible();

  // The answer, with a picture uploaded for the borrower.
  const uploaded = page.waitForResponse((r) => r.url().includes('/api/console/complaints/upload-image'));
  await panel.getByLabel('Add a picture').setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: PNG });
  expect(((await (await uploaded).json()) as { code: string }).code).toBe('00');
  await expectLoaded(page, 'Answer picture 1');
  const answer = `We found your payment and posted it to your loan. Thank you for waiting (${run}).`;
  await panel.getByLabel('Your answer').fill(answer);
  const sent = page.waitForResponse((r) => r.url().endsWith('/api/console/complaints/answer'));
  await panel.getByRole('button', { name: 'Send answer' }).click();
  const sentReply = await sent;
  expect(((await sentReply.json()) as { code: string }).code).toBe('00');
  const sentForm = new URLSearchParams(sentReply.request().postData() ?? '');
  expect(sentForm.get('id')).toBe(String(complaintId));
  expect(sentForm.get('images')).toMatch(/^[0-9a-f]{32}$/);
  await expect(page.getByText('Answer sent. The borrower gets a text message.')).toBeVisible();
  await expect(panel.getByText('Answer by Care Agent')).toBeVisible();
  await expect(panel.getByText(answer)).toBeVisible();
  await expect(panel.getByRole('form', { name: 'Answer the borrower' })).toHaveCount(0);
  // Answered, it has left the open list; under "Answered" it is there.
  await expect(inbox.getByRole('row').filter({ hasText: description })).toHaveCount(0);
  await page.getByLabel('Status').selectOption('answered');
  await expect(inbox.getByRole('row').filter({ hasText: description })).toContainText('Answered');

  answered = { complaintId, care };

  // The borrower reads the answer and its picture.
  const borrower = await page.context().newPage();
  await borrower.setViewportSize({ width: 360, height: 800 });
  await borrower.goto(`/complainDetails?problemId=${complaintId}&sessionId=${session.sessionId}`);
  const result = borrower.getByRole('region', { name: 'Our answer' });
  await expect(result).toContainText(answer);
  await expectLoaded(borrower, 'Picture 1 from customer care');
  const detail = await request.post(
    `/pany/user-problem/problem-detail?sessionId=${session.sessionId}&problemId=${complaintId}`,
  );
  expect(((await detail.json()) as { data: { disposeDetail: string } }).data.disposeDetail).toBe(answer);
});

test('(b) finance matches a reported payment and sees the order’s balance go down', async ({ page, request }) => {
  test.setTimeout(90_000);
  const session = demoSession();
  const order = orderInStatus(session, 180);
  const reference = `E2E${run}`.slice(-16);
  const reported = await request.post(`/pany/v3/loan-details/submit-utr?sessionId=${session.sessionId}`, {
    form: { orderId: String(order.orderId), utr: reference, amount: '25000', channelNumber: '90011' },
  });
  expect(((await reported.json()) as { code: string }).code).toBe('00');

  const finance = account('finance', 'Finance Clerk', 'finance');
  expect((await signIn(page, finance)).status()).toBe(200);
  await expect(menu(page).getByRole('link')).toHaveText(['Dashboard', 'Orders', 'Borrowers', 'Unposted payments', 'Payouts and reconciliation', "Lenders' books", 'Waivers', 'Payment reversals', 'Exchange rates', 'Rule sets']);

  // The order's record before: what is owed now.
  await page.goto(`/console/orders?id=${order.orderId}`);
  const before = await owedTotal(page);
  const orderNo = (await page.getByRole('complementary', { name: 'Order' }).getByRole('heading', { level: 2 }).textContent())!.replace('Order ', '');

  // The reported payment waits in the queue; finance matches it.
  await menu(page).getByRole('link', { name: 'Unposted payments' }).click();
  const queue = page.getByRole('table', { name: 'Unposted payments' });
  const row = queue.getByRole('row').filter({ hasText: reference });
  await expect(row).toContainText('₱250.00');
  const entryId = Number((await row.getByRole('cell').first().textContent())!.replace('#', ''));
  await row.getByRole('button', { name: `Match payment #${entryId}` }).click();
  const dialog = page.getByRole('dialog', { name: `Match payment #${entryId}` });
  await dialog.getByLabel('Note').fill('Seen in the GCash statement');
  await dialog.getByRole('button', { name: 'Match' }).click();
  await expect(page.getByText('Payment matched and posted to the order.')).toBeVisible();
  await expect(queue.getByRole('row').filter({ hasText: reference })).toHaveCount(0);

  // The order's record after: ₱250 less owed, and the posting in its ledger.
  await menu(page).getByRole('link', { name: 'Orders' }).click();
  await page.getByLabel('Order no.').fill(orderNo);
  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByRole('button', { name: `Open order ${orderNo}` }).click();
  await expect.poll(() => owedTotal(page)).toBe(before - 25_000);
  const ledger = page.getByRole('complementary', { name: 'Order' }).getByRole('table', { name: 'Ledger' });
  // The interest to the day posts under the payment's key too, then the repayment.
  await expect(ledger.getByRole('row').filter({ hasText: `unposted:${entryId}` }).filter({ hasText: 'repayment' })).toContainText('₱250.00');

  // The lenders' books at the end of today balance, loans receivable among them.
  await menu(page).getByRole('link', { name: "Lenders' books" }).click();
  const trial = page.getByRole('table', { name: 'Trial balance' });
  await expect(trial.getByRole('row').filter({ hasText: 'Loans receivable' })).toBeVisible();
  const totals = (await page.getByTestId('trial-totals').textContent()) ?? '';
  const [debits, credits] = totals.match(/₱[\d,.]+/g) ?? [];
  expect(debits).toBeTruthy();
  expect(debits).toBe(credits);
  // Its balance sheet at the same day balances too.
  await expect(page.getByRole('table', { name: 'Balance sheet' }).getByRole('row').filter({ hasText: 'Loans receivable' })).toBeVisible();
  const position = (await page.getByTestId('sheet-totals').textContent()) ?? '';
  const [assets, liabilities, equity] = (position.match(/-?₱[\d,.]+/g) ?? []).map((amount) => Number(amount.replace(/[₱,]/g, '')));
  expect(Math.round(((assets ?? NaN) - (liabilities ?? NaN) - (equity ?? NaN)) * 100)).toBe(0);
  // And what the lender earned this month, interest first.
  const income = page.getByRole('table', { name: 'Income statement' });
  await expect(income.getByRole('row').filter({ hasText: 'Interest income' })).toBeVisible();
  await expect(page.getByTestId('net-income')).toContainText('net income ₱');

  // Last month, as finance reads it when closing it: the trial balance at its
  // last day balances, and the income statement covers exactly its days.
  const manilaToday = new Date(Date.now() + 8 * 3_600_000);
  const lastMonthEnd = new Date(Date.UTC(manilaToday.getUTCFullYear(), manilaToday.getUTCMonth(), 0));
  const lastMonthStart = `${lastMonthEnd.toISOString().slice(0, 8)}01`;
  const lastMonthLast = lastMonthEnd.toISOString().slice(0, 10);
  await page.getByLabel('At the end of').fill(lastMonthLast);
  await page.getByRole('button', { name: 'Show' }).first().click();
  await expect(page.getByText(new RegExp(`accounts at the end of ${lastMonthLast}`))).toBeVisible();
  const [lastDebits, lastCredits] = ((await page.getByTestId('trial-totals').textContent()) ?? '').match(/₱[\d,.]+/g) ?? [];
  expect(lastDebits).toBeTruthy();
  expect(lastDebits).toBe(lastCredits);
  await page.getByLabel('From', { exact: true }).fill(lastMonthStart);
  await page.getByLabel('To', { exact: true }).fill(lastMonthLast);
  await page.getByRole('button', { name: 'Show' }).nth(1).click();
  await expect(page.getByText(`From ${lastMonthStart} to ${lastMonthLast}, both days included (Manila).`)).toBeVisible();

  // The loans by days past due stand beside the books: the day's figures,
  // or the note that the daily run kept none that day (never buckets of
  // zeros, which would read as a clean book). Not both.
  const notKept = page.getByText(/The daily run kept no figures for/);
  const aging = page.getByRole('table', { name: 'Loans by days past due' });
  // Either shows only once the day's answer is in (the table alone may be its loading row).
  await expect(notKept.or(page.getByTestId('portfolio-at-risk'))).toBeVisible();
  if (await notKept.isVisible()) {
    await expect(aging).toHaveCount(0);
    await expect(page.getByTestId('portfolio-at-risk')).toHaveCount(0);
  } else {
    await expect(page.getByTestId('portfolio-at-risk')).toContainText('Portfolio at risk over 30 days');
  }

  // Finance brings in the provider's statement of yesterday, with a planted
  // payment the books never posted: it is found, and holds the close of
  // that day until resolved.
  const yesterday = new Date(manilaToday.getTime() - 86_400_000).toISOString().slice(0, 10);
  await page.getByRole('button', { name: 'Bring in a statement' }).click();
  const importing = page.getByRole('dialog', { name: 'Bring in a statement' });
  await importing.getByLabel('Day').fill(yesterday);
  await importing.getByLabel('Statement file (CSV)').setInputFiles({
    name: 'xendit-statement.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`reference,amount,fee\nE2E-${run},"1,234.50",12.35\n`),
  });
  await expect(importing.getByLabel('Statement (CSV: reference, amount, fee)')).toHaveValue(/E2E-/);
  await importing.getByRole('button', { name: 'Bring in a statement' }).click();
  const planted = page.getByRole('table', { name: 'Unmatched lines to resolve' }).getByRole('row').filter({ hasText: `E2E-${run}` });
  await expect(planted).toContainText('Missing in the books');
  await expect(planted).toContainText('₱1,234.50');

  // Finance closes yesterday: held while the line is open, then, resolved,
  // closed; from then on nothing posts into it.
  await expect(page.getByTestId('closed-through')).toHaveText('No day is closed yet: any day can still be posted to.');
  await page.getByRole('button', { name: 'Close the books' }).click();
  const closing = page.getByRole('dialog', { name: 'Close the books' });
  await closing.getByLabel('Note').fill('Channels matched for the day');
  await closing.getByRole('button', { name: 'Close the books' }).click();
  await expect(closing.getByRole('alert')).toContainText("Unmatched lines of the providers' statements through that day: 1.");
  await closing.getByRole('button', { name: 'Cancel' }).click();
  await planted.getByRole('button', { name: `Resolve E2E-${run}` }).click();
  const resolving = page.getByRole('dialog', { name: `Resolve E2E-${run}` });
  await resolving.getByLabel('Reason (kept in the audit log)').fill('Xendit confirmed a test charge, reversed on their side');
  await resolving.getByRole('button', { name: 'Resolve' }).click();
  await expect(planted).toHaveCount(0);
  await page.getByRole('button', { name: 'Close the books' }).click();
  await closing.getByLabel('Note').fill('Channels matched for the day');
  await closing.getByRole('button', { name: 'Close the books' }).click();
  await expect(page.getByTestId('closed-through')).toContainText(`Closed through ${yesterday}`);
  await expect(page.getByRole('table', { name: 'Closing the books' }).getByRole('row').filter({ hasText: 'Channels matched for the day' })).toContainText(yesterday);

  // Finance proposes a journal; only a second finance member can approve it
  // into the books.
  await page.getByRole('button', { name: 'Propose a journal' }).click();
  const proposing = page.getByRole('dialog', { name: 'Propose a journal' });
  await proposing.getByLabel('Memo').fill(`Provision ${run}`);
  await proposing.getByLabel('Account of line 1').selectOption('5100');
  await proposing.getByLabel('Amount of line 1, in pesos').fill('1,500');
  await proposing.getByLabel('Account of line 2').selectOption('1290');
  await proposing.getByLabel('Amount of line 2, in pesos').fill('1500.00');
  await expect(proposing.getByTestId('journal-totals')).toHaveText('Total debits ₱1,500.00 · total credits ₱1,500.00');
  await proposing.getByRole('button', { name: 'Propose a journal' }).click();
  const journalRow = page.getByRole('table', { name: 'Journals' }).getByRole('row').filter({ hasText: `Provision ${run}` });
  await expect(journalRow).toContainText('Yours: another officer decides');
  const provisionLine = () => page.getByRole('table', { name: 'Trial balance' }).getByRole('row').filter({ hasText: 'Provision for credit losses' });

  await page.getByRole('button', { name: 'Sign out' }).click();
  const checker = account('checker', 'Second Finance', 'finance');
  expect((await signIn(page, checker)).status()).toBe(200);
  await menu(page).getByRole('link', { name: "Lenders' books" }).click();
  await journalRow.getByRole('button', { name: /^Approve journal/ }).click();
  await expect(journalRow).toContainText('Posted');
  await expect(provisionLine()).toContainText('₱1,500.00');

  // A loan is written off (a fraud confirmed): one finance member proposes
  // it with a reason, a second approves; the loan leaves the books, still
  // owed. A loan of its own: the demo borrower's are the other specs'.
  const debtor = { orderId: openLoanOfItsOwn() };
  await page.goto(`/console/orders?id=${debtor.orderId}`);
  const lenderName = (await page.getByRole('complementary', { name: 'Order' }).locator('dt', { hasText: /^Lender$/ }).locator('xpath=following-sibling::dd[1]').textContent())!;
  await menu(page).getByRole('link', { name: "Lenders' books" }).click();
  await page.getByLabel('Lender', { exact: true }).selectOption({ label: lenderName });
  await page.getByRole('button', { name: 'Show' }).first().click();
  await page.getByRole('button', { name: 'Propose a write-off' }).click();
  const writingOff = page.getByRole('dialog', { name: 'Propose a write-off' });
  await writingOff.getByLabel('Loan (order id)').fill(String(debtor.orderId));
  await writingOff.getByLabel('Reason').fill(`Fraud confirmed ${run}`);
  await writingOff.getByRole('button', { name: 'Propose a write-off' }).click();
  const writeOffRow = page.getByRole('table', { name: 'Write-offs' }).getByRole('row').filter({ hasText: `Fraud confirmed ${run}` });
  await expect(writeOffRow).toContainText('Yours: another officer decides');

  await page.getByRole('button', { name: 'Sign out' }).click();
  expect((await signIn(page, account('approver', 'Third Finance', 'finance'))).status()).toBe(200);
  await menu(page).getByRole('link', { name: "Lenders' books" }).click();
  await page.getByLabel('Lender', { exact: true }).selectOption({ label: lenderName });
  await page.getByRole('button', { name: 'Show' }).first().click();
  await writeOffRow.getByRole('button', { name: /^Approve write-off/ }).click();
  await expect(writeOffRow).toContainText(/₱[\d,]+\.\d\d/);
  await page.goto(`/console/orders?id=${debtor.orderId}`);
  await expect(page.getByRole('complementary', { name: 'Order' }).locator('dt', { hasText: /^Written off$/ })).toBeVisible();

  matched = { entryId, orderNo, finance };
});

test('(c) an administrator sees the caps broken as the terms are typed, and a product above a cap is refused', async ({ page }) => {
  test.setTimeout(60_000);
  const admin = account('admin', 'Product Admin', 'admin');
  expect((await signIn(page, admin)).status()).toBe(200);
  await menu(page).getByRole('link', { name: 'Products' }).click();
  const products = page.getByRole('table', { name: 'Products' });
  await expect(products.getByRole('row').nth(1)).toBeVisible();
  // Every product is proved against the rule set in force, which the page names.
  await expect(page.getByRole('region', { name: 'Rule set in force today: SEC-MC-14-2025' })).toContainText(
    'SEC Memorandum Circular No. 14, series of 2025',
  );

  await page.getByRole('button', { name: 'New product' }).click();
  const editor = page.getByRole('form', { name: 'New product' });
  const name = `Too Dear ${run}`;
  await editor.getByLabel('Product name').fill(name);
  await expect(editor.getByText('These terms keep every cap.')).toBeVisible();
  // Counted once the catalogue has settled (it can still be filling in
  // when its first row shows), to compare after the refused save.
  await page.waitForLoadState('networkidle');
  const listed = await products.getByRole('row').count();
  await editor.getByLabel('Interest a month (%)').fill('7');
  await expect(editor.getByText('These terms break a cap and cannot be saved:')).toBeVisible();
  const broken = editor.getByRole('list', { name: 'Caps broken' });
  await expect(broken.getByRole('listitem')).toHaveCount(1);
  await expect(broken).toContainText('above the 6.00% that SEC Memorandum Circular No. 14, series of 2025');
  // The agreement the borrower would read, from the same code.
  await editor.getByText('Agreement preview (largest loan)').click();
  await expect(editor.getByRole('heading', { name: 'Loan Agreement' })).toBeVisible();

  const refused = page.waitForResponse((r) => r.url().endsWith('/api/console/products') && r.request().method() === 'POST');
  await editor.getByRole('button', { name: 'Save' }).click();
  const reply = await refused;
  expect(reply.status()).toBe(400);
  expect(((await reply.json()) as { data: { violation: string } }).data.violation).toBe('nominal_cap');
  await expect(editor.getByRole('alert')).toContainText('6.00%');
  await expect(products.getByRole('row')).toHaveCount(listed);
  await expect(products.getByText(name)).toHaveCount(0);

  // Within the caps, it saves.
  await editor.getByLabel('Interest a month (%)').fill('4');
  await expect(editor.getByText('These terms keep every cap.')).toBeVisible();
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/console/products') && r.request().method() === 'POST');
  await editor.getByRole('button', { name: 'Save' }).click();
  const created_ = (await (await saved).json()) as { code: string; data: { id: number } };
  expect(created_.code).toBe('00');
  await expect(page.getByText('Product created.')).toBeVisible();
  await expect(products.getByRole('row').filter({ hasText: name })).toContainText('4%');
  await expect(products.getByRole('row').filter({ hasText: name })).toContainText('Within every cap');

  // The rule sets: the one in force today marked, and an admin may correct one.
  await menu(page).getByRole('link', { name: 'Rule sets' }).click();
  const rules = page.getByRole('table', { name: 'Rule sets' });
  await expect(rules.getByRole('row').filter({ hasText: 'SEC-MC-14-2025' })).toContainText('In force today');
  await expect(rules.getByRole('row').filter({ hasText: 'BSP-1133' })).not.toContainText('In force today');
  await expect(page.getByRole('button', { name: 'Correct SEC-MC-14-2025' })).toBeVisible();

  created = { productId: created_.data.id, admin };
});

test('(d) an auditor reads the answer, the match, the new product and the sign-ins in the audit log', async ({ page }) => {
  expect(answered, 'test (a) answered a complaint').toBeDefined();
  expect(matched, 'test (b) matched a payment').toBeDefined();
  expect(created, 'test (c) created a product').toBeDefined();
  const { complaintId, care } = answered!;
  const auditor = account('auditor', 'Audit Reader', 'auditor');
  expect((await signIn(page, auditor)).status()).toBe(200);
  await expect(page.getByRole('banner').getByText('Auditor', { exact: true })).toBeVisible();
  await expect(menu(page).getByRole('link')).toHaveText([
    'Dashboard', 'Orders', 'Borrowers', 'Complaints', 'Collections', 'Unposted payments', 'Payouts and reconciliation', "Lenders' books", 'Waivers', 'Payment reversals', 'Exchange rates', 'Rule sets', 'SMS outbox', 'Audit log',
  ]);
  // An auditor reads complaints but may not answer them.
  await menu(page).getByRole('link', { name: 'Complaints' }).click();
  await expect(page.getByRole('table', { name: 'Complaints' })).toBeVisible();

  await menu(page).getByRole('link', { name: 'Audit log' }).click();
  await expect(page).toHaveURL(/\/console\/audit$/);
  const log = page.getByRole('table', { name: 'Audit log' });
  const answerRow = log.getByRole('row').filter({ hasText: new RegExp(`complaint:${complaintId}(?!\\d)`) });
  await expect(answerRow).toHaveCount(1);
  await expect(answerRow).toContainText('complaint.answer');
  await expect(answerRow).toContainText(`Care Agent (#${care.id})`);
  // What changed, field by field (decision 087).
  await expect(answerRow).toContainText('Answered a complaint');
  await expect(answerRow).toContainText('status: open → answered');
  await expect(answerRow).toContainText('agent: Care Agent');
  const matchRow = log.getByRole('row').filter({ hasText: new RegExp(`unposted_payment:${matched!.entryId}(?!\\d)`) });
  await expect(matchRow).toContainText('unposted_payment.match');
  await expect(matchRow).toContainText(`Finance Clerk (#${matched!.finance.id})`);
  await expect(matchRow).toContainText('status: pending → matched');
  const productRow = log.getByRole('row').filter({ hasText: new RegExp(`product:${created!.productId}(?!\\d)`) });
  await expect(productRow).toHaveCount(1);
  await expect(productRow).toContainText('product.create');
  await expect(productRow).toContainText(`Product Admin (#${created!.admin.id})`);
  await expect(productRow).toContainText('monthlyInterestBp: 400');
  const signIns = (id: number) =>
    log.getByRole('row').filter({ hasText: 'staff.sign_in' }).filter({ hasText: new RegExp(`staff:${id}(?!\\d)`) });
  await expect(signIns(care.id)).toHaveCount(1);
  await expect(signIns(care.id)).toContainText(`Care Agent (#${care.id})`);
  await expect(signIns(auditor.id)).toHaveCount(1);
  // Newest first: the auditor's own sign-in is the first row.
  await expect(log.getByRole('row').nth(1)).toContainText(new RegExp(`staff\\.sign_in\\s*staff:${auditor.id}(?!\\d)`));

  // The CSV holds what the table shows.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^audit-log-\d{8}-\d{4}\.csv$/);
  const csv = await readFile(await file.path(), 'utf8');
  expect(csv).toContain(`complaint.answer,complaint:${complaintId}`);

  // Signing out ends the session on the server.
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  expect((await page.request.get('/api/console/me')).status()).toBe(401);
});

test('(e) a wrong code is refused with a message, and no session starts', async ({ page }) => {
  const staff = account('wrong', 'Wrong Code', 'customer_care');
  // The code of a step ten minutes ago: outside the one step of drift allowed.
  const step = Math.floor(Date.now() / 1000 / 30);
  const current = [step - 1, step, step + 1, step + 2].map((s) => totpCode(staff.totpSecret, s));
  const stale = totpCode(staff.totpSecret, step - 20);
  expect(current).not.toContain(stale);
  const reply = await signIn(page, staff, stale);
  expect(reply.status()).toBe(400);
  expect(await reply.headerValue('set-cookie')).toBeNull();
  await expect(page.getByRole('alert')).toHaveText('The e-mail, password or code is not right.');
  await expect(page.getByLabel('Authenticator code')).toHaveValue('');
  await expect(page.getByRole('navigation', { name: 'Sections' })).toHaveCount(0);
  expect((await page.context().cookies()).filter((cookie) => cookie.name === 'hiram_console')).toEqual([]);
  expect((await page.request.get('/api/console/me')).status()).toBe(401);
  // Reloaded, the console still asks to sign in.
  await page.reload();
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
});

test('(f) customer care sees neither the audit log nor the unposted payments', async ({ page }) => {
  const care = account('care-menu', 'Menu Check', 'customer_care');
  expect((await signIn(page, care)).status()).toBe(200);
  const links = menu(page).getByRole('link');
  await expect(links).toHaveText(['Dashboard', 'Orders', 'Borrowers', 'Complaints', 'Rule sets', 'SMS outbox']);
  await expect(menu(page).getByRole('link', { name: 'Audit log' })).toHaveCount(0);
  await expect(menu(page).getByRole('link', { name: 'Unposted payments' })).toHaveCount(0);
  // Their addresses show the first section customer care may open …
  await page.goto('/console/audit');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page).toHaveURL(/\/console\/dashboard$/);
  // … and the server refuses the calls anyway.
  const audit = await page.request.get('/api/console/audit');
  expect(audit.status()).toBe(403);
  expect(((await audit.json()) as { data: { permission: string } }).data.permission).toBe('read_audit');
  expect((await page.request.get('/api/console/unposted-payments')).status()).toBe(403);
  // The SMS outbox is theirs to read: the demo borrower's messages are in it.
  await menu(page).getByRole('link', { name: 'SMS outbox' }).click();
  // The number shows as everywhere in the console: its last four digits (decision 087).
  await expect(page.getByRole('table', { name: 'SMS outbox' }).getByRole('row').filter({ hasText: '•••• ••• 0100' }).first()).toBeVisible();
});

test('(g) an administrator adds a finance member without seeing a secret; a second administrator approves; the member enrols through the mailed link, and a reset signs them out until they enrol again', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const admin = account('staff-admin', 'Staff Admin', 'admin');
  const second = account('second-admin', 'Second Admin', 'admin');
  expect((await signIn(page, admin)).status()).toBe(200);
  await menu(page).getByRole('link', { name: 'Staff accounts' }).click();
  await expect(page).toHaveURL(/\/console\/staff-accounts$/);
  const accounts = page.getByRole('table', { name: 'Staff accounts' });
  await expect(accounts.getByRole('row').filter({ hasText: admin.email })).toContainText('you');

  // The admin adds a finance member: the reply and the page carry no secret,
  // and nothing is mailed before a second admin approves.
  const email = `member.${run}@e2e.hiram.ph`;
  const name = `New Member ${run}`;
  await page.getByRole('button', { name: 'Add staff member' }).click();
  const form = page.getByRole('dialog', { name: 'Add staff member' });
  await form.getByLabel('Work e-mail').fill(email);
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('Role').selectOption('finance');
  const added = page.waitForResponse((r) => r.url().endsWith('/api/console/staff-accounts') && r.request().method() === 'POST');
  await form.getByRole('button', { name: 'Add staff member' }).click();
  const reply = await (await added).text();
  const memberId = (JSON.parse(reply) as { data: { id: number } }).data.id;
  for (const secret of ['password', 'totpSecret', 'otpauth', 'enrol#']) expect(reply).not.toContain(secret);
  await expect(page.getByText(`${name}'s sign-in waits for a second administrator's approval`)).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  const row = accounts.getByRole('row').filter({ hasText: email });
  await expect(row).toContainText('Finance');
  await expect(row).toContainText('Waiting for approval');
  await expect(row.getByRole('button', { name: `Approve the sign-in of ${name}` })).toHaveCount(0);
  expect(mailedLink(email)).toBeNull();

  // A second admin approves on their own browser; then the link is mailed.
  const desk = { baseURL: BASE_URL, viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false };
  const secondContext = await browser.newContext(desk);
  const secondPage = await secondContext.newPage();
  expect((await signIn(secondPage, second)).status()).toBe(200);
  await menu(secondPage).getByRole('link', { name: 'Staff accounts' }).click();
  const waiting = secondPage.getByRole('table', { name: 'Staff accounts' }).getByRole('row').filter({ hasText: email });
  await waiting.getByRole('button', { name: `Approve the sign-in of ${name}` }).click();
  await expect(secondPage.getByText(`Approved: the sign-in link was sent to ${email}.`)).toBeVisible();
  await expect(waiting).toContainText('Link sent');
  await secondContext.close();
  const link = mailedLink(email);
  expect(link).toMatch(/\/console\/enrol#[0-9a-f]{64}$/);

  // The member opens the link on their own browser, scans the secret and chooses a password.
  const memberContext = await browser.newContext(desk);
  const memberPage = await memberContext.newPage();
  const enrol = async (address: string) => {
    await memberPage.goto(address);
    await expect(memberPage.getByRole('heading', { level: 1, name: 'Set up your sign-in' })).toBeVisible();
    await expect(memberPage.getByText(`For ${name} (${email})`)).toBeVisible();
    await expect(memberPage).toHaveURL(/\/console\/enrol$/);
    const qr = memberPage.getByRole('img', { name: 'QR code for your authenticator app' });
    await expect.poll(() => qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    const totpSecret = (await memberPage.locator('code.c-secret').textContent())!;
    await memberPage.getByLabel('New password', { exact: true }).fill('password1234');
    await memberPage.getByLabel('New password again').fill('password1234');
    await memberPage.getByLabel('Code from your authenticator app').fill(totpCode(totpSecret));
    await memberPage.getByRole('button', { name: 'Save and finish' }).click();
    await expect(memberPage.getByText(/^Choose a password of at least 12 characters/)).toBeVisible();
    const password = `sampaguita-${run}`;
    await memberPage.getByLabel('New password', { exact: true }).fill(password);
    await memberPage.getByLabel('New password again').fill(password);
    await memberPage.getByLabel('Code from your authenticator app').fill(totpCode(totpSecret));
    await memberPage.getByRole('button', { name: 'Save and finish' }).click();
    await expect(memberPage.getByText('Your sign-in is ready.', { exact: false })).toBeVisible();
    return { id: memberId, email, name, password, totpSecret };
  };
  const nextCode = (secret: string) => totpCode(secret, Math.floor(Date.now() / 1000 / 30) + 1);
  const member: StaffAccount = await enrol(link!);
  expect((await signIn(memberPage, member, nextCode(member.totpSecret))).status()).toBe(200);
  await expect(memberPage.getByRole('banner').getByText(name, { exact: true })).toBeVisible();
  // The link worked once.
  await memberPage.goto(link!);
  await expect(memberPage.getByRole('alert')).toContainText('expired or has been used');

  // The member lost their authenticator: the admin resets the sign-in, which signs them out at once.
  await page.reload();
  await row.getByRole('button', { name: `Reset sign-in of ${name}` }).click();
  const confirmReset = page.getByRole('dialog', { name: `Reset sign-in of ${name}?` });
  await expect(confirmReset).toContainText('signed out everywhere');
  await confirmReset.getByRole('button', { name: 'Reset sign-in' }).click();
  await expect(row).toContainText('Waiting for approval');
  expect((await memberPage.request.get('/api/console/me')).status()).toBe(401);
  expect((await signIn(memberPage, member, nextCode(member.totpSecret))).status()).toBe(400);
  await memberContext.close();

  // The audit log names who asked, who approved and who enrolled, and never a secret.
  await menu(page).getByRole('link', { name: 'Audit log' }).click();
  const entries = page.getByRole('table', { name: 'Audit log' }).getByRole('row').filter({ hasText: new RegExp(`staff:${memberId}(?!\\d)`) });
  await expect(entries.filter({ hasText: 'staff.create' })).toContainText(`Staff Admin (#${admin.id})`);
  await expect(entries.filter({ hasText: 'staff.approve_enrolment' })).toContainText(`Second Admin (#${second.id})`);
  await expect(entries.filter({ hasText: 'staff.enrol' })).toContainText(name);
  await expect(entries.filter({ hasText: 'staff.reset_sign_in' })).toContainText(`Staff Admin (#${admin.id})`);
  await expect(page.getByText(member.password)).toHaveCount(0);
});

test('(h) an administrator makes an API token shown once, a script calls in its role, and revoking it refuses it at once', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const admin = account('token-admin', 'Token Admin', 'admin');
  expect((await signIn(page, admin)).status()).toBe(200);
  await menu(page).getByRole('link', { name: 'API tokens' }).click();
  await expect(page).toHaveURL(/\/console\/api-tokens$/);

  const name = `complaint sync ${run}`;
  await page.getByRole('button', { name: 'Make API token' }).click();
  const form = page.getByRole('dialog', { name: 'Make API token' });
  await form.getByLabel('What it is for').fill(name);
  await form.getByLabel('Role').selectOption('customer_care');
  await form.getByLabel('Days it works (1 to 365)').fill('7');
  await form.getByRole('button', { name: 'Make API token' }).click();
  const shown = page.getByRole('dialog', { name: `The secret of ${name}` });
  await expect(shown.getByRole('alert')).toContainText('Shown only this once');
  const secret = (await shown.locator('code').textContent()) ?? '';
  expect(secret).toMatch(/^[0-9a-f]{64}$/);
  await shown.getByRole('button', { name: 'I have copied it' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByText(secret)).toHaveCount(0);
  const row = page.getByRole('table', { name: 'API tokens' }).getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('Customer care');
  await expect(row).toContainText('Token Admin');

  // A script with the secret may do what customer care may, and nothing else.
  const script = { Authorization: `Bearer ${secret}` };
  expect((await request.get('/api/staff/complaints', { headers: script })).status()).toBe(200);
  expect((await request.get('/api/staff/products', { headers: script })).status()).toBe(403);

  await row.getByRole('button', { name: `Revoke ${name}` }).click();
  await page.getByRole('dialog', { name: `Revoke ${name}?` }).getByRole('button', { name: 'Revoke' }).click();
  await expect(row).toContainText('Revoked');
  expect((await request.get('/api/staff/complaints', { headers: script })).status()).toBe(401);
});

test('(i) at 1280×800 an administrator keeps Status and Due date in view beside an open application, and is told who decides it', async ({ page }) => {
  const review = orderInStatus(demoSession(), 21);
  const admin = account('admin-fit', 'Fit Check', 'admin');
  expect((await signIn(page, admin)).status()).toBe(200);
  await page.goto(`/console/orders?id=${review.orderId}`);
  const panel = page.getByRole('complementary', { name: 'Order' });
  await expect(panel.getByText('Only a credit officer can decide applications.')).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Approve' })).toHaveCount(0);

  const table = page.getByRole('table', { name: 'Orders' });
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  // Nothing of the table is scrolled out of its frame …
  const frame = table.locator('xpath=..');
  const overflow = await frame.evaluate((element) => element.scrollWidth - element.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  // … and Status and Due date sit inside the window, left of the open record.
  const panelBox = (await panel.boundingBox())!;
  const frameBox = (await frame.boundingBox())!;
  for (const name of ['Status', 'Due date']) {
    const box = (await table.getByRole('columnheader', { name, exact: true }).boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(frameBox.x);
    expect(box.x + box.width).toBeLessThanOrEqual(Math.min(frameBox.x + frameBox.width, panelBox.x));
    expect(box.y + box.height).toBeLessThanOrEqual(800);
  }
});

test('(j) a credit officer sees borrowers newest first before any search, and a refused reason shows beside its field, kept as typed', async ({ page }) => {
  const officer = account('officer-list', 'List Check', 'credit_officer');
  expect((await signIn(page, officer)).status()).toBe(200);
  await menu(page).getByRole('link', { name: 'Borrowers' }).click();
  const table = page.getByRole('table', { name: 'Borrowers' });
  const demo = table.getByRole('row').filter({ hasText: 'Maria Clara Santos' }).filter({ hasText: '•••• ••• 0100' });
  await expect(demo).toBeVisible();
  await expect(table.getByText('Nothing to show.')).toHaveCount(0);
  const ids = (await table.getByRole('row').locator('td:first-child').allTextContents()).map((id) => Number(id.slice(1)));
  expect(ids).toEqual([...ids].sort((a, b) => b - a));

  await demo.getByRole('button').click();
  await page.getByRole('complementary', { name: 'Borrower' }).getByRole('button', { name: 'Show personal data' }).click();
  const dialog = page.getByRole('dialog', { name: 'Why do you need to see it?' });
  const reason = dialog.getByLabel('Reason (kept in the audit log)');
  await reason.fill('why');
  await dialog.getByRole('button', { name: 'Show personal data' }).click();
  const error = dialog.getByText('Write the reason, from 5 to 500 characters. It is kept in the audit log.');
  await expect(error).toBeVisible();
  await expect(reason).toHaveAttribute('aria-invalid', 'true');
  await expect(reason).toHaveAttribute('aria-describedby', (await error.getAttribute('id'))!);
  await expect(reason).toHaveValue('why');
  // Beside the field: right under it, not in a toast elsewhere.
  const fieldBox = (await reason.boundingBox())!;
  const errorBox = (await error.boundingBox())!;
  expect(errorBox.y).toBeGreaterThanOrEqual(fieldBox.y + fieldBox.height - 1);
  expect(errorBox.y - (fieldBox.y + fieldBox.height)).toBeLessThan(24);
});
