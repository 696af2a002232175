import { execFileSync } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';
import { CLOCK_FILE, E2E_DIR, HIRAM_BIN, MAIL_DIR, SERVER_ENV } from './env';

/** The demo borrower (server seed DEMO_PHONE); receipts are texted here. */
export const DEMO_PHONE = '+639175550100';

export interface DemoOrder {
  orderId: number;
  productId: number;
  status: number;
  productName: string;
}

export interface DemoSession {
  sessionId: string;
  orders: DemoOrder[];
}

/**
 * A session for the demo borrower: `hiram demo-session` against the suite's
 * database prints one JSON line.
 */
export function demoSession(): DemoSession {
  const out = execFileSync(HIRAM_BIN, ['demo-session'], {
    cwd: E2E_DIR,
    env: { ...process.env, ...SERVER_ENV },
    encoding: 'utf8',
  });
  const line = out.trim().split('\n').pop() ?? '';
  const parsed = JSON.parse(line) as DemoSession;
  if (!parsed.sessionId || !Array.isArray(parsed.orders)) {
    throw new Error(`hiram demo-session printed an unexpected line: ${line}`);
  }
  return parsed;
}

/** A staff role (server: hiram_domain::staff::Role) a token of the suite acts in. */
export type StaffRole = 'customer_care' | 'finance';

const staffTokens = new Map<StaffRole, string>();

/**
 * The `Authorization` header of a staff API token of the role, made on first
 * use by `hiram staff-token` against the suite's database (which prints its
 * secret once) and kept for the rest of the run. Made in a test, never when
 * a spec is loaded: the server resets the database when it starts. Valid a
 * year: specs move the server's clock days ahead and still read as staff.
 */
export function staffHeaders(role: StaffRole): { Authorization: string } {
  let secret = staffTokens.get(role);
  if (!secret) {
    const out = execFileSync(HIRAM_BIN, ['staff-token', '--name', `e2e ${role}`, '--role', role, '--valid-days', '365'], {
      cwd: E2E_DIR,
      env: { ...process.env, ...SERVER_ENV },
      encoding: 'utf8',
    });
    const line = out.trim().split('\n').pop() ?? '';
    secret = (JSON.parse(line) as { secret?: string }).secret;
    if (!secret) throw new Error(`hiram staff-token printed an unexpected line: ${line}`);
    staffTokens.set(role, secret);
  }
  return { Authorization: `Bearer ${secret}` };
}

/** The product of the demo's overdue (180) loan (server seed), rolled over by repayment-rollover.spec. */
export const DEMO_OVERDUE_PRODUCT = 'Kalesa Quick Pera';

/** The demo borrower's order of a product (by name), or a clear failure. */
export function orderOfProduct(session: DemoSession, productName: string): DemoOrder {
  const order = session.orders.find((o) => o.productName === productName);
  if (!order) throw new Error(`the demo borrower has no order of ${productName}`);
  return order;
}

/**
 * Runs the server's clock (and the `hiram` commands') `days` ahead of the
 * real one; 0 puts it back. Sessions last 30 idle minutes, so a session
 * taken before a move is gone after it.
 */
export function setClockAhead(days: number) {
  writeFileSync(CLOCK_FILE, `${days * 86_400}\n`);
}

/** Moves the server's clock on by `seconds` from wherever it stands (an idle session expires). */
export function moveClockOn(seconds: number) {
  const now = existsSync(CLOCK_FILE) ? Number(readFileSync(CLOCK_FILE, 'utf8').trim() || '0') : 0;
  writeFileSync(CLOCK_FILE, `${now + seconds}\n`);
}

/**
 * A loan of its own, open (174), of a borrower no other test uses (`hiram
 * portfolio --loans 1 --first N`: borrower N, phone `portfolioPhone(N)`): for
 * what must not touch the demo borrower's loans the other specs pay and roll
 * over, such as writing one off. A borrower holds one open loan of a
 * product, so each test takes its own N (console: 0; running-balance: 1, 3).
 */
export function openLoanOfItsOwn(first = 0): number {
  const out = execFileSync(HIRAM_BIN, ['portfolio', '--loans', '1', '--first', String(first)], {
    cwd: E2E_DIR,
    env: { ...process.env, ...SERVER_ENV },
    encoding: 'utf8',
  });
  const loans = JSON.parse(out.trim().split('\n').pop() ?? '[]') as { orderId: number }[];
  const loan = loans[0];
  if (!loan) throw new Error(`hiram portfolio printed no loan: ${out}`);
  return loan.orderId;
}

/** The phone of `hiram portfolio`'s borrower N. */
export function portfolioPhone(first: number): string {
  return `0918${String(first).padStart(7, '0')}`;
}

/** The demo borrower's order in a status, or a clear failure. */
export function orderInStatus(session: DemoSession, status: number): DemoOrder {
  const order = session.orders.find((o) => o.status === status);
  if (!order) throw new Error(`the demo borrower has no order in status ${status}`);
  return order;
}

export interface OutboxMessage {
  phone: string;
  body: string;
  code: string;
  at: string;
}

/** The server's SMS outbox for `phone` (`hiram sms-outbox --phone`: one JSON line per message, newest last). */
export function smsOutbox(phone: string): OutboxMessage[] {
  const out = execFileSync(HIRAM_BIN, ['sms-outbox', '--phone', phone], {
    cwd: E2E_DIR,
    env: { ...process.env, ...SERVER_ENV },
    encoding: 'utf8',
  });
  return out
    .split('\n')
    .filter((line) => line.trim().startsWith('{'))
    .map((line) => JSON.parse(line) as OutboxMessage);
}

/**
 * The code of the first message to `phone` after the first `seen` ones.
 * Polls briefly: the message may be written just after the send call answers.
 */
export async function nextSmsCode(phone: string, seen: number): Promise<string> {
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const messages = smsOutbox(phone);
    const latest = messages.length > seen ? messages[messages.length - 1] : undefined;
    if (latest?.code) return latest.code;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no new SMS code for ${phone} in the outbox`);
}

/**
 * The answer of the captcha image most recently drawn for `sid`
 * (`hiram captcha-answer --sid`: one JSON line `{"answer":"1234"}`).
 * Call it once the image has loaded: each draw makes a new answer.
 */
export function captchaAnswer(sid: string): string {
  const out = execFileSync(HIRAM_BIN, ['captcha-answer', '--sid', sid], {
    cwd: E2E_DIR,
    env: { ...process.env, ...SERVER_ENV },
    encoding: 'utf8',
  });
  const line = out.trim().split('\n').pop() ?? '';
  const parsed = JSON.parse(line) as { answer?: unknown };
  if (typeof parsed.answer !== 'string' || parsed.answer === '') {
    throw new Error(`hiram captcha-answer printed an unexpected line: ${line}`);
  }
  return parsed.answer;
}

/**
 * The digits of a sound captcha (8 kHz, 8-bit mono WAV), counted as a
 * listener counts them: each run of short beeps is its count, one long tone
 * (half a second or more) is 0, and over 0.6 s of silence parts the digits.
 */
export function countTones(wav: Buffer): string {
  const windows: boolean[] = [];
  for (let at = 44; at < wav.length; at += 80) {
    windows.push(wav.subarray(at, at + 80).some((sample) => Math.abs(sample - 128) > 40));
  }
  let digits = '';
  let beeps = 0;
  let run = 0;
  let quiet = 0;
  for (const loud of [...windows, ...Array<boolean>(100).fill(false)]) {
    if (loud) {
      if (quiet > 60 && beeps > 0) {
        digits += String(beeps);
        beeps = 0;
      }
      run += 1;
      quiet = 0;
    } else {
      if (run >= 50) digits += '0';
      else if (run > 0) beeps += 1;
      run = 0;
      quiet += 1;
    }
  }
  return beeps > 0 ? digits + String(beeps) : digits;
}

/** What the tests read of order details' reply. */
export interface OrderDetails {
  orderStatus: number;
  noticeStatusText: string;
  isDelay: string;
}

/** Opens order details (`query`: sessionId, orderId, productId) and returns the server's reply. */
export async function openDetails(page: Page, query: URLSearchParams): Promise<OrderDetails> {
  const reply = page.waitForResponse((r) => r.url().includes('/pany/v3/loan-details/loan-details'));
  await page.goto(`/loanDetails?${query.toString()}`);
  const details = ((await (await reply).json()) as { data: OrderDetails }).data;
  // The page shows the order (and the popups due with it) in the render after the reply.
  await page.getByRole('main').waitFor();
  return details;
}

/** Closes the order page's popups (the safety reminder, reminder, rating, bank card), one at a time. */
export async function closePopups(page: Page) {
  const dialog = page.getByRole('dialog');
  for (let i = 0; i < 5 && (await dialog.count()) > 0; i += 1) {
    await dialog.first().getByRole('button', { name: 'Close' }).click();
  }
}

/**
 * On a repayment page: chooses `channel` under Payment Method and taps
 * Pay. Returns the form the page sent to generate-vcode and the code issued.
 */
export async function issuePayCode(page: Page, channel: string): Promise<{ form: URLSearchParams; payCode: string }> {
  await page.getByRole('button', { name: 'Payment Method', exact: true }).click();
  const sheet = page.getByRole('dialog', { name: 'Payment Method' });
  await sheet.getByText(channel, { exact: true }).click();
  await expect(sheet.getByRole('radio', { name: channel })).toBeChecked();
  // The reply is read on its way to the page: an e-wallet's pay URL leaves
  // the page at once, and a left page's reply bodies are gone.
  const path = '**/pany/v3/loan-details/generate-vcode**';
  let issued: { form: URLSearchParams; body: { code: string; data: { payCode: string } } } | undefined;
  await page.route(path, async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { code: string; data: { payCode: string } };
    issued = { form: new URLSearchParams(route.request().postData() ?? ''), body };
    await route.fulfill({ response });
  });
  await sheet.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect.poll(() => issued !== undefined).toBe(true);
  await page.unroute(path);
  const { form, body } = issued!;
  expect(body.code).toBe('00');
  return { form, payCode: body.data.payCode };
}

/** A calendar day (`2026-12-05`) as the borrower pages show it (`formatDay` in web/shared): `Dec 5, 2026`. */
export function shownDay(iso: string): string {
  return new Intl.DateTimeFormat('en-PH', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${iso}T00:00:00Z`));
}

/** Centavos as the pages show them: ₱3,184.00. */
export function peso(centavos: number): string {
  return `₱${Math.floor(centavos / 100).toLocaleString('en-US')}.${String(centavos % 100).padStart(2, '0')}`;
}

/** A pay code as the pages show it: in groups of four (web/shared's groupPayCode). */
export function groupedCode(code: string): string {
  return code.replace(/(.{4})(?=.)/g, '$1 ');
}

/**
 * Where the pay URL led: an e-wallet's checkout (in the demo, the sandbox's
 * pay page itself), or the code page with its link to the sandbox. The
 * sandbox pays the code.
 */
export async function payInSandbox(page: Page, payCode: string) {
  await page.waitForURL(/\/(repaymentOfCode|sandbox\/pay)\?/);
  if (/\/repaymentOfCode\?/.test(page.url())) {
    expect(new URL(page.url()).searchParams.get('payCode')).toBe(payCode);
    await expect(page.getByText(groupedCode(payCode), { exact: true })).toBeVisible();
    await page.getByRole('link', { name: /^Pay in the test page/ }).click();
  }
  await expect(page).toHaveURL(/\/sandbox\/pay\?code=/);
  await expect(page.getByText('TEST PAGE')).toBeVisible();
  await expect(page.getByText(payCode, { exact: true })).toBeVisible();
  await page.getByRole('button', { name: /^Pay/ }).click();
  await expect(page.getByText('Payment sent')).toBeVisible();
}

/** A staff account as `hiram staff-add` prints it: the first password and TOTP secret, shown once. */
export interface StaffAccount {
  id: number;
  email: string;
  name: string;
  password: string;
  totpSecret: string;
}

/**
 * The borrower's session in this browser: our pages keep it in an HttpOnly
 * cookie once the first page traded the address's `sessionId` for it, so a
 * test reads it from the browser's cookies, as no page script can.
 */
export async function pageSession(page: Page): Promise<string> {
  const cookie = (await page.context().cookies()).find((c) => c.name === 'hiram_session');
  if (!cookie?.value) throw new Error('no session cookie in this browser');
  return cookie.value;
}

/**
 * The address of the enrolment link last mailed to `email`, read from the
 * server's mail folder as the member's mailbox would show it; null while
 * none was sent.
 */
export function mailedLink(email: string): string | null {
  let names: string[];
  try {
    names = readdirSync(MAIL_DIR).filter((name) => name.endsWith('.eml')).sort();
  } catch {
    return null;
  }
  for (const name of names.reverse()) {
    const mail = readFileSync(`${MAIL_DIR}/${name}`, 'utf8');
    if (!mail.includes(`\r\nTo: ${email}\r\n`)) continue;
    const link = /https?:\/\/\S+\/console\/enrol#[0-9a-f]+/.exec(mail);
    if (link) return link[0];
  }
  return null;
}

/**
 * Creates a staff account in the suite's database
 * (`hiram staff-add --email --name --role`: one JSON line).
 */
export function staffAdd(email: string, name: string, role: string): StaffAccount {
  const out = execFileSync(HIRAM_BIN, ['staff-add', '--email', email, '--name', name, '--role', role], {
    cwd: E2E_DIR,
    env: { ...process.env, ...SERVER_ENV },
    encoding: 'utf8',
  });
  const line = out.trim().split('\n').pop() ?? '';
  const parsed = JSON.parse(line) as Partial<StaffAccount>;
  if (typeof parsed.id !== 'number' || !parsed.password || !parsed.totpSecret) {
    throw new Error(`hiram staff-add printed an unexpected line: ${line}`);
  }
  return { id: parsed.id, email, name, password: parsed.password, totpSecret: parsed.totpSecret };
}

function base32Bytes(text: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  const out: number[] = [];
  let buffer = 0;
  let bits = 0;
  for (const char of text.replace(/[=\s]/g, '').toUpperCase()) {
    const value = alphabet.indexOf(char);
    if (value < 0) throw new Error(`not base32: ${text}`);
    buffer = ((buffer << 5) | value) & 0xffff;
    bits += 5;
    if (bits >= 8) {
      bits -= 8;
      out.push((buffer >> bits) & 0xff);
    }
  }
  return Buffer.from(out);
}

/**
 * The authenticator code of a base32 TOTP secret (RFC 6238: HMAC-SHA1 over
 * the 30 s step counter, dynamic truncation, 6 digits). `step` defaults to
 * the current one.
 */
export function totpCode(secret: string, step = Math.floor(Date.now() / 1000 / 30)): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const digest = createHmac('sha1', base32Bytes(secret)).update(counter).digest();
  const offset = digest[19]! & 0x0f;
  return String((digest.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}
