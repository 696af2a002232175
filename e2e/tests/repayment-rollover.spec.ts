import { execFileSync } from 'node:child_process';
import { expect, test } from '../test';
import { E2E_DIR, HIRAM_BIN, SERVER_ENV } from '../env';
import { closePopups, demoSession, issuePayCode, openDetails, orderInStatus, payInSandbox, shownDay } from '../fixtures';

// Issue 16: an overdue borrower (180) sees on order details how many days
// late the loan is, the penalties so far, the balance as of today and what
// another day adds, rolls the loan over (D3: 180 → 174) by paying its price,
// the interest and penalties due plus one more period's interest, and sees
// it open again with the new due date.
//
// This takes the demo's only overdue loan out of 180, so the file runs after
// every other user of it (the suite runs files one at a time in name order:
// console, order-statuses, repayment-reminders come before it); repayment.spec,
// after it, pays the rolled-over loan off.

interface Overdue {
  daysLate: number;
  penaltiesSoFar: number;
  balanceToday: number;
  nextDayAdds: number;
  capReached: boolean;
  lines: string[];
}

test('an overdue borrower sees days late, penalties so far and today\'s balance, rolls the loan over and sees it open with the new due date', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 800 });
  const session = demoSession();
  // The day's run posts the late days' penalties (safe to repeat).
  execFileSync(HIRAM_BIN, ['daily'], { cwd: E2E_DIR, env: { ...process.env, ...SERVER_ENV } });
  const order = orderInStatus(session, 180);
  const query = new URLSearchParams({
    sessionId: session.sessionId,
    orderId: String(order.orderId),
    productId: String(order.productId),
  });
  const details = (await openDetails(page, query)) as unknown as { orderStatus: number; isDelay: string; overdue: Overdue };
  expect(details.orderStatus).toBe(180);
  expect(details.isDelay).toBe('1');
  const overdue = details.overdue;
  expect(overdue.daysLate).toBeGreaterThan(0);
  expect(overdue.penaltiesSoFar).toBeGreaterThan(0);
  expect(overdue.balanceToday).toBeGreaterThan(overdue.penaltiesSoFar);
  await closePopups(page);

  // The card, above the loan's figures, within the 360 px screen.
  const card = page.getByTestId('overdue-standing');
  await expect(card.getByRole('heading', { name: 'Your loan is overdue' })).toBeVisible();
  await expect(card.getByText(`${overdue.daysLate} days late.`)).toBeVisible();
  await expect(card.getByText(/^Late penalties so far: ₱[\d,]+\.\d{2}\.$/)).toBeVisible();
  await expect(card.getByText(/^Balance as of today: ₱[\d,]+\.\d{2}\.$/)).toBeVisible();
  await expect(card.getByText(/another day|more day/)).toBeVisible();
  const box = await card.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= 360).toBe(true);

  // Pay and Pay for an extension (spec §4's REPAY and Rollover Repayment, for 180 with isDelay 1).
  await expect(page.getByRole('button', { name: 'Pay', exact: true })).toBeVisible();
  const rollover = page.getByRole('button', { name: 'Pay for an extension', exact: true });
  await expect(rollover).toBeVisible();
  const offerReply = page.waitForResponse((r) => r.url().includes('/pany/v3/loan-details/delay-detail'));
  await rollover.click();
  const offer = (await (await offerReply).json()) as { code: string; data: { delayInfo: { delayAmount: number }; nextRepayDate: string } };
  expect(offer.code).toBe('00');
  // The price clears the penalties (and the interest) due, so it is above the penalties so far.
  expect(offer.data.delayInfo.delayAmount).toBeGreaterThan(overdue.penaltiesSoFar);
  // Below what the whole loan costs today: a rollover is not a repayment.
  expect(offer.data.delayInfo.delayAmount).toBeLessThan(overdue.balanceToday);
  const newDueDate = offer.data.nextRepayDate;
  await expect(page.getByText(`Next due date: ${shownDay(newDueDate)}`)).toBeVisible();

  // A code for exactly the rollover's price, paid on the demo's test page.
  const { form, payCode } = await issuePayCode(page, 'GCash');
  expect(form.get('isDelay')).toBe('1');
  expect(form.get('amount')).toBe(String(offer.data.delayInfo.delayAmount));
  await payInSandbox(page, payCode);

  // Open again (174), due on the new date, no longer late.
  await expect.poll(async () => (await openDetails(page, query)).orderStatus, { timeout: 30_000 }).toBe(174);
  await closePopups(page);
  // The order's due-date row (the balance card also names the day, after its amount).
  await expect(page.getByRole('definition').and(page.getByText(shownDay(newDueDate), { exact: true }))).toBeVisible();
  await expect(page.getByTestId('overdue-standing')).toHaveCount(0);
});
