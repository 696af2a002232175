import { expect, test } from '../test';
import { demoSession, orderInStatus, shownDay } from '../fixtures';

/** The Manila calendar date `days` from now, `YYYY-MM-DD` (UTC+8 all year). */
function manilaDate(days: number): string {
  return new Date(Date.now() + 8 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);
}

test('a borrower sees own loans, adds a bill, sets, changes and closes its reminder, and deletes it', async ({
  page,
}) => {
  const session = demoSession();
  const open = orderInStatus(session, 174);
  const overdue = orderInStatus(session, 180);

  // From the personal centre's menu.
  await page.goto(`/mine?sessionId=${session.sessionId}`);
  await page.getByRole('navigation', { name: 'More' }).getByRole('link', { name: 'Repayment reminders' }).click();
  await expect(page).toHaveURL(/\/repaymentReminders(\?|$)/);
  await expect(page.getByRole('heading', { level: 1, name: 'Repayment reminders' })).toBeVisible();
  const loans = page.getByRole('region', { name: 'Your Hiram loans' });
  await expect(loans.getByRole('listitem', { name: open.productName })).toContainText(/Due [A-Z][a-z]{2} \d{1,2}, \d{4}, in \d+ day/);
  await expect(loans.getByRole('listitem', { name: overdue.productName })).toContainText('overdue');
  // An overdue loan stands under its own heading, not among the ones coming due.
  await expect(page.getByRole('region', { name: 'Overdue' })).toContainText(overdue.productName);
  const upcoming = page.getByRole('region', { name: 'Due in the next 30 days' });
  await expect(upcoming).not.toContainText(overdue.productName);

  // Add a bill: pesos typed, exact centavos sent.
  await page.getByRole('link', { name: 'Add a bill' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Add a bill' })).toBeVisible();
  await page.getByLabel('What is it for?').fill('Meralco e2e');
  await page.getByLabel('Amount (₱)').fill('1,234.56');
  const due = manilaDate(10);
  await page.getByLabel('Due date').fill(due);
  await page.getByLabel('Repeats').selectOption('monthly');
  const saved = page.waitForResponse((r) => r.url().includes('/pany/repayment-product/save-repay-product'));
  await page.getByRole('button', { name: 'Save bill' }).click();
  const sent = new URLSearchParams((await saved).request().postData() ?? '');
  expect(sent.get('amount')).toBe('123456');
  await expect(page).toHaveURL(/\/repaymentReminders(\?|$)/);
  await expect(page.getByRole('status')).toContainText('Bill saved.');
  const bill = page.getByRole('region', { name: 'Your bills' }).getByRole('listitem', { name: 'Meralco e2e' });
  await expect(bill).toContainText('₱1,234.56');
  await expect(bill).toContainText(`Due ${shownDay(due)}, in 10 days · Every month`);
  await expect(bill).toContainText('No reminder');
  await expect(upcoming).toContainText('Meralco e2e');

  // Set a reminder: a time outside 08:00–21:00 is refused with the server's message.
  await bill.getByRole('link', { name: 'Set reminder' }).click();
  await expect(page.getByRole('heading', { name: 'Reminder for Meralco e2e' })).toBeVisible();
  await page.getByLabel('Time (Manila)').fill('07:30');
  await page.getByRole('button', { name: 'Save reminder' }).click();
  await expect(page.getByText('We send reminders only from 8:00 AM to 9:00 PM, Manila time.', { exact: false })).toBeVisible();
  await expect(page).toHaveURL(/\/repaymentReminder(\?|$)/);
  await page.getByLabel('When').selectOption({ label: '2 days before' });
  await page.getByLabel('Time (Manila)').fill('09:30');
  await page.getByRole('button', { name: 'Save reminder' }).click();
  await expect(page).toHaveURL(/\/repaymentReminders(\?|$)/);
  await expect(bill).toContainText('Reminder: 2 days before, at 09:30');

  // Change it.
  await bill.getByRole('link', { name: 'Change reminder' }).click();
  await expect(page.getByText(`Next text: ${shownDay(manilaDate(8))} 09:30`)).toBeVisible();
  await page.getByLabel('When').selectOption({ label: 'On the due date' });
  await page.getByLabel('Time (Manila)').fill('20:45');
  await page.getByRole('button', { name: 'Save reminder' }).click();
  await expect(bill).toContainText('Reminder: On the due date at 20:45');

  // Edit the bill; its reminder stays.
  await bill.getByRole('link', { name: 'Edit' }).click();
  await expect(page.getByLabel('Amount (₱)')).toHaveValue('1234.56');
  await page.getByLabel('Amount (₱)').fill('1500');
  await page.getByRole('button', { name: 'Save bill' }).click();
  await expect(bill).toContainText('₱1,500.00');
  await expect(bill).toContainText('Reminder: On the due date at 20:45');

  // Close the reminder.
  await bill.getByRole('link', { name: 'Change reminder' }).click();
  await page.getByRole('button', { name: 'Turn off reminder' }).click();
  await expect(page).toHaveURL(/\/repaymentReminders(\?|$)/);
  await expect(bill).toContainText('No reminder');

  // Delete the bill.
  await bill.getByRole('link', { name: 'Edit' }).click();
  await page.getByRole('button', { name: 'Delete bill' }).click();
  await page.getByRole('dialog', { name: 'Delete this bill?' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page).toHaveURL(/\/repaymentReminders(\?|$)/);
  await expect(page.getByRole('status')).toContainText('Bill deleted.');
  await expect(page.getByRole('region', { name: 'Your bills' })).toContainText('we will text you before each due date');
  await expect(bill).toHaveCount(0);
});
