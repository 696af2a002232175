import { expect, test } from '../test';

test('the test preview page links carry the device fields', async ({ page }) => {
  await page.goto('/testPreview?sessionId=s-123&deviceId=d-9&productId=4&orderId=77');
  await expect(page.getByRole('heading', { name: 'Test preview' })).toBeVisible();
  await page.getByRole('textbox', { name: 'App version' }).fill('2.1.0');

  const link = page.getByRole('link', { name: 'Loan details' });
  const href = new URL((await link.getAttribute('href')) ?? '', 'http://x');
  expect(href.pathname).toBe('/loanDetails');
  expect(href.searchParams.get('sessionId')).toBe('s-123');
  expect(href.searchParams.get('deviceId')).toBe('d-9');
  expect(href.searchParams.get('productId')).toBe('4');
  expect(href.searchParams.get('orderId')).toBe('77');
  expect(href.searchParams.get('appVersion')).toBe('2.1.0');
});
