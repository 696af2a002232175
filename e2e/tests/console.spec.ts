import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { demoSession, staffAdd, totpCode, type StaffAccount } from '../fixtures';

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

/** Signs in on the console's form with the code of this 30 s step. */
async function signIn(page: Page, staff: StaffAccount, code = totpCode(staff.totpSecret)) {
  await page.goto('/console');
  await expect(page.getByRole('heading', { level: 1, name: 'Hiram Operator Console' })).toBeVisible();
  await page.getByLabel('E-mail').fill(staff.email);
  await page.getByLabel('Password').fill(staff.password);
  await page.getByLabel('Authenticator code').fill(code);
  const reply = page.waitForResponse((r) => r.url().endsWith('/api/console/login'));
  await page.getByRole('button', { name: 'Sign in' }).click();
  return reply;
}

/** Waits until an <img> has decoded a picture. */
async function expectLoaded(page: Page, name: string) {
  const image = page.getByRole('img', { name, exact: true });
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
}

const menu = (page: Page) => page.getByRole('navigation', { name: 'Sections' });

let answered: { complaintId: number; care: StaffAccount } | undefined;

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
  const tabs = ((await list.json()) as { data: { tabs: { list: { id: number; content: string }[] }[] } }).data.tabs;
  const complaintId = tabs[0]!.list.find((entry) => entry.content === description)!.id;

  const care = account('care', 'Care Agent', 'customer_care');
  const login = await signIn(page, care);
  expect(login.status()).toBe(200);
  expect(await login.headerValue('set-cookie')).toMatch(/^hiram_console=[^;]+; Path=\/api\/console; HttpOnly; SameSite=Strict/);

  // Who is signed in, and only the sections customer care may open.
  const top = page.getByRole('banner');
  await expect(top.getByText('Care Agent', { exact: true })).toBeVisible();
  await expect(top.getByText('Customer care', { exact: true })).toBeVisible();
  await expect(top.getByRole('button', { name: 'Sign out' })).toBeVisible();
  await expect(menu(page).getByRole('link')).toHaveText(['Complaints', 'SMS outbox']);
  await expect(page).toHaveURL(/\/console\/complaints$/);

  // The open complaint is in the inbox; its row opens it.
  const inbox = page.getByRole('table', { name: 'Complaints' });
  const row = inbox.getByRole('row').filter({ hasText: description });
  await expect(row).toContainText('Working days left:');
  await row.getByRole('button', { name: `Open complaint ${complaintId}` }).click();
  const panel = page.getByRole('complementary', { name: `Complaint #${complaintId}` });
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
  const result = borrower.getByRole('region', { name: 'Process Result' });
  await expect(result).toContainText(answer);
  await expectLoaded(borrower, 'Picture 1 from customer care');
  const detail = await request.post(
    `/pany/user-problem/problem-detail?sessionId=${session.sessionId}&problemId=${complaintId}`,
  );
  expect(((await detail.json()) as { data: { disposeDetail: string } }).data.disposeDetail).toBe(answer);
});

test('(b) an auditor reads the answer and the sign-ins in the audit log', async ({ page }) => {
  expect(answered, 'test (a) answered a complaint').toBeDefined();
  const { complaintId, care } = answered!;
  const auditor = account('auditor', 'Audit Reader', 'auditor');
  expect((await signIn(page, auditor)).status()).toBe(200);
  await expect(page.getByRole('banner').getByText('Auditor', { exact: true })).toBeVisible();
  await expect(menu(page).getByRole('link')).toHaveText(['Complaints', 'Unposted payments', 'SMS outbox', 'Audit log']);
  // An auditor reads complaints but may not answer them.
  await expect(page.getByRole('table', { name: 'Complaints' })).toBeVisible();

  await menu(page).getByRole('link', { name: 'Audit log' }).click();
  await expect(page).toHaveURL(/\/console\/audit$/);
  const log = page.getByRole('table', { name: 'Audit log' });
  const answerRow = log.getByRole('row').filter({ hasText: new RegExp(`complaint:${complaintId}(?!\\d)`) });
  await expect(answerRow).toHaveCount(1);
  await expect(answerRow).toContainText('complaint.answer');
  await expect(answerRow).toContainText(`Staff #${care.id}`);
  await expect(answerRow).toContainText('{"status":"open"}');
  await expect(answerRow).toContainText('"agent":"Care Agent"');
  await expect(answerRow).toContainText('"status":"answered"');
  const signIns = (id: number) =>
    log.getByRole('row').filter({ hasText: 'staff.sign_in' }).filter({ hasText: new RegExp(`staff:${id}(?!\\d)`) });
  await expect(signIns(care.id)).toHaveCount(1);
  await expect(signIns(care.id)).toContainText(`Staff #${care.id}`);
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

test('(c) a wrong code is refused with a message, and no session starts', async ({ page }) => {
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

test('(d) customer care sees neither the audit log nor the unposted payments', async ({ page }) => {
  const care = account('care-menu', 'Menu Check', 'customer_care');
  expect((await signIn(page, care)).status()).toBe(200);
  const links = menu(page).getByRole('link');
  await expect(links).toHaveText(['Complaints', 'SMS outbox']);
  await expect(menu(page).getByRole('link', { name: 'Audit log' })).toHaveCount(0);
  await expect(menu(page).getByRole('link', { name: 'Unposted payments' })).toHaveCount(0);
  // Their addresses show the first section customer care may open …
  await page.goto('/console/audit');
  await expect(page.getByRole('heading', { level: 1, name: 'Complaints' })).toBeVisible();
  await expect(page).toHaveURL(/\/console\/complaints$/);
  // … and the server refuses the calls anyway.
  const audit = await page.request.get('/api/console/audit');
  expect(audit.status()).toBe(403);
  expect(((await audit.json()) as { data: { permission: string } }).data.permission).toBe('read_audit');
  expect((await page.request.get('/api/console/unposted-payments')).status()).toBe(403);
  // The SMS outbox is theirs to read: the demo borrower's messages are in it.
  await menu(page).getByRole('link', { name: 'SMS outbox' }).click();
  await expect(page.getByRole('table', { name: 'SMS outbox' }).getByRole('row').filter({ hasText: '0917 555 0100' }).first()).toBeVisible();
});
