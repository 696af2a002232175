import { expect, test } from '../test';
import { applyForApprovedLoan, logIn } from '../borrower';
import { demoSession, orderInStatus, pageSession, staffHeaders } from '../fixtures';

// The borrower's language (decision 046) and the currency flag (D1).

const PRODUCT = 'Bayanihan Cash Express';

/** A number no other spec uses: 0919 + the last 7 digits of the clock. */
const newPhone = () => `0919${String(Date.now()).slice(-7)}`;

const e164 = (phone: string) => `+63${phone.slice(1)}`;

interface OutboxReply {
  data: { phone: string; body: string }[];
}

test('a Filipino-speaking borrower switches language once and receives the payout SMS in Filipino', async ({ page }) => {
  test.setTimeout(180_000);
  const phone = newPhone();
  await logIn(page, phone);
  const approved = await applyForApprovedLoan(page, PRODUCT);
  const sessionId = await pageSession(page);

  // The account the loan goes to, bound before the switch (the payout is what is watched here).
  const bound = await page.request.post(`/pany/v3/bind-card/bind-card-new?sessionId=${sessionId}`, {
    form: { cardType: '1', bankCode: 'BPI', bankAccount: '001234567890', product_id: approved.searchParams.get('productId') ?? '' },
  });
  expect(((await bound.json()) as { code: string }).code).toBe('00');

  // My account → Filipino, once: the page switches and the server saves it.
  await page.goto('/mine');
  const saved = page.waitForResponse((r) => r.url().includes('/pany/v3/personal-center/user-language'));
  await page.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'Filipino' }).click();
  expect((await saved).status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: 'Aking account' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Wika' }).getByRole('button', { name: 'Filipino' })).toHaveAttribute('aria-pressed', 'true');

  // Back to the approved loan, now in Filipino, and confirmed: the money goes out.
  await page.goto(`/loanConfirm${approved.search}`);
  await expect(page.getByRole('button', { name: /^Sumang-ayon at humiram ng ₱[\d,]+\.\d\d$/ })).toBeVisible();
  const agreement = page.getByRole('dialog', { name: 'Kasunduan sa loan' });
  if (await agreement.isVisible()) await agreement.getByRole('button', { name: 'Sumasang-ayon', exact: true }).click();
  await page.getByRole('button', { name: /^Sumang-ayon at humiram ng ₱[\d,]+\.\d\d$/ }).click();
  await expect(page).toHaveURL(/\/loanDetails(\?|$)/);

  // The SMS outbox, as staff read it through the console API.
  let payout: string | undefined;
  await expect(async () => {
    const reply = await page.request.get(`/api/staff/sms-outbox?phone=${encodeURIComponent(e164(phone))}&limit=10`, {
      headers: staffHeaders('customer_care'),
    });
    expect(reply.status()).toBe(200);
    const messages = ((await reply.json()) as OutboxReply).data;
    payout = messages.map((m) => m.body).find((body) => body.includes('•••• 7890'));
    expect(payout).toBeTruthy();
  }).toPass({ timeout: 15_000 });
  expect(payout).toMatch(/^Hiram: naipadala na namin ang ₱[\d,]+\.\d{2} para sa loan \S+ sa iyong .+•••• 7890\. Ang unang bayad ay sa [A-Z][a-z]{2} \d{1,2}, \d{4}\.$/);
});

test('a real=1 page shows only ₹, and the next page without the flag only ₱', async ({ page }) => {
  const session = demoSession();
  const order = orderInStatus(session, 174);
  const query = `sessionId=${session.sessionId}&productId=${order.productId}&orderId=${order.orderId}`;
  await page.goto(`/loanDetails?${query}&real=1`);
  const main = page.locator('main');
  await expect(main).toContainText('₹');
  await expect(main).not.toContainText('₱');

  await page.goto(`/mine?sessionId=${session.sessionId}`);
  await expect(main).toContainText('₱');
  await expect(main).not.toContainText('₹');
});
