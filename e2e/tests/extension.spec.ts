import type { APIRequestContext } from '@playwright/test';
import { expect, test } from '../test';
import { closePopups, DEMO_PHONE, demoSession, issuePayCode, openDetails, orderInStatus, payInSandbox, shownDay, smsOutbox } from '../fixtures';

// Decision 012: an open (174) loan is extended by paying the charges due and
// an extension fee; every due date moves one product period later and the
// order stays open.
//
// The suite runs one server and one database, one test at a time, and other
// specs (loan-details, order-statuses) also open the demo 174 order. This test
// never assumes the order is as seeded: it reads the due date, the offer and
// the receipts count at its start, so it passes before or after them, and it
// leaves the order open (174), which is all they check. The agreement allows
// one extension (decision 026), so afterwards Pay for an extension is no longer
// offered on that order; order-statuses reads `isDelay` from the reply.

interface Offer {
  delayInfo: { title: string; delayAmount: number };
  repayDate: string;
  nextRepayDate: string;
  extensionDays: number;
  repayPlan: { time: string }[];
}

interface Plan {
  repayDate: string;
}

/** The order's plan as the server reads it now (loan-plan-info). */
async function planInfo(request: APIRequestContext, query: URLSearchParams): Promise<Plan> {
  const response = await request.post(`/pany/v3/installment/loan-plan-info?sessionId=${query.get('sessionId')}`, {
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
    form: { productId: query.get('productId') ?? '', orderId: query.get('orderId') ?? '' },
  });
  const body = (await response.json()) as { code: string; data: Plan };
  expect(body.code).toBe('00');
  return body.data;
}

/** `YYYY-MM-DD` plus `days` calendar days. */
function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

const extendedReceipts = () => smsOutbox(DEMO_PHONE).filter((m) => m.body.includes('extended'));

/** Centavos as the pages write them (web/shared's formatMoney). */
function pesos(centavos: number): string {
  return `₱${Math.floor(centavos / 100).toLocaleString('en-US')}.${String(centavos % 100).padStart(2, '0')}`;
}

test("the extension page shows the renewal's disclosure statement, naming the rule set in force, before the borrower pays", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 800 });
  const session = demoSession();
  const order = orderInStatus(session, 174);
  const query = new URLSearchParams({
    sessionId: session.sessionId,
    orderId: String(order.orderId),
    productId: String(order.productId),
  });
  const offerReply = page.waitForResponse((r) => r.url().includes('/pany/v3/loan-details/delay-detail'));
  await page.goto(`/repayDelay?${query.toString()}`);
  const offer = ((await (await offerReply).json()) as { code: string; data: Offer & { disclosure: { title: string } } }).data;

  // The statement stands between the plan and the Payment Method button.
  const statement = page.getByRole('region', { name: offer.disclosure.title });
  await expect(statement).toBeVisible();
  expect(offer.disclosure.title).toBe('Disclosure Statement on the Extension');
  const row = (label: string) =>
    statement.getByRole('row').filter({ has: page.getByRole('rowheader', { name: label, exact: true }) }).getByRole('cell');
  await expect(row('You pay now')).toHaveText(pesos(offer.delayInfo.delayAmount));
  await expect(row('Effective interest rate of the renewal (monthly)')).toHaveText(/^\d+\.\d\d%$/);
  await expect(row('Ceilings of the law')).toContainText('SEC Memorandum Circular No. 14, series of 2025');
  await expect(statement.getByRole('heading', { level: 3, name: 'Before you pay' })).toBeVisible();
  const pay = page.getByRole('button', { name: 'Payment Method', exact: true });
  const statementBox = (await statement.boundingBox())!;
  const payBox = (await pay.boundingBox())!;
  expect(payBox.y).toBeGreaterThan(statementBox.y + statementBox.height - 1);
  // Nothing of it is wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});

test('an open order extended through a pay code: the due date moves by the extension and the order stays open', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 800 });
  const session = demoSession();
  const order = orderInStatus(session, 174);
  const query = new URLSearchParams({
    sessionId: session.sessionId,
    orderId: String(order.orderId),
    productId: String(order.productId),
  });
  const dueBefore = (await planInfo(page.request, query)).repayDate;
  expect(dueBefore).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  const receiptsBefore = extendedReceipts().length;

  // Order details → Pay for an extension.
  const details = await openDetails(page, query);
  expect(details.orderStatus).toBe(174);
  expect(details.isDelay).toBe('1');
  const rollover = page.getByRole('button', { name: 'Pay for an extension', exact: true });
  await expect(rollover).toBeVisible();
  await closePopups(page);
  const offerReply = page.waitForResponse((r) => r.url().includes('/pany/v3/loan-details/delay-detail'));
  await rollover.click();
  await expect(page).toHaveURL(
    (url) =>
      url.pathname === '/repayDelay' &&
      url.searchParams.get('orderId') === String(order.orderId) &&
      url.searchParams.get('productId') === String(order.productId),
  );
  const offerBody = (await (await offerReply).json()) as { code: string; data: Offer };
  expect(offerBody.code).toBe('00');
  const offer = offerBody.data;
  expect(offer.delayInfo.delayAmount).toBeGreaterThan(0);
  expect(offer.extensionDays).toBeGreaterThan(0);
  expect(offer.repayDate).toBe(dueBefore);

  // The page: the offer's title, the amount, the next due date and the payment schedule after the extension.
  await expect(page.getByRole('heading', { level: 1, name: offer.delayInfo.title })).toBeVisible();
  expect(offer.nextRepayDate).toBe(addDays(dueBefore, offer.extensionDays));
  const nextDate = shownDay(offer.nextRepayDate);
  await expect(page.getByText(`Next due date: ${nextDate}`, { exact: true })).toBeVisible();
  const plan = page.getByRole('list', { name: 'Payment schedule after the extension' }).getByRole('listitem');
  await expect(plan).toHaveCount(offer.repayPlan.length);
  await expect(plan.first()).toContainText(nextDate);

  // Maya, Payment: an extension code for exactly the offer.
  const { form, payCode } = await issuePayCode(page, 'Maya');
  expect(form.get('isDelay')).toBe('1');
  expect(form.get('delayAmount')).toBe(String(offer.delayInfo.delayAmount));
  expect(form.get('amount')).toBe(String(offer.delayInfo.delayAmount));
  await payInSandbox(page, payCode);

  // The due date moved by the extension; the order is still open.
  await expect.poll(async () => (await planInfo(page.request, query)).repayDate, { timeout: 30_000 }).toBe(offer.nextRepayDate);
  const after = await openDetails(page, query);
  expect(after.orderStatus).toBe(174);
  // The order's due-date row (the balance card also names the day, after its amount).
  await expect(page.getByRole('definition').and(page.getByText(nextDate, { exact: true }))).toBeVisible();

  // And the borrower was texted that the loan is extended, with the new date.
  await expect.poll(() => extendedReceipts().length, { timeout: 15_000 }).toBeGreaterThan(receiptsBefore);
  expect(extendedReceipts().at(-1)?.body).toContain(nextDate);
});
