import { expect, test } from '../test';
import { nextSmsCode, smsOutbox } from '../fixtures';

const PHONE = '09171234567';

test('a borrower logs in with the SMS code and lands on home with a session', async ({ page }) => {
  const seen = smsOutbox(PHONE).length;
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Mobile number' }).fill(PHONE);
  await expect(page.getByRole('textbox', { name: 'Mobile number' })).toHaveValue('0917 123 4567');
  await page.getByRole('button', { name: 'Get code' }).click();
  await expect(page.getByText('The code has been sent. Please check your phone.')).toBeVisible();
  await expect(page.getByRole('button', { name: /^\d+ s$/ })).toBeVisible();

  const code = await nextSmsCode(PHONE, seen);
  await page.getByRole('textbox', { name: 'Verification code' }).fill(code);
  await page.getByRole('button', { name: 'Log in' }).click();

  await expect(page).toHaveURL(/\/home(\?|$)/);
  expect(page.url()).not.toContain('sessionId');
  const cookie = (await page.context().cookies()).find((c) => c.name === 'hiram_session');
  expect(cookie?.value).toMatch(/^[0-9a-f]{64}$/);
  expect([cookie?.httpOnly, cookie?.sameSite, cookie?.path]).toEqual([true, 'Strict', '/']);
});
