import { expect, test } from '@playwright/test';

test('the marketing site shows the company name from company-info', async ({ page, request }) => {
  const info = (await (await request.get('/pany/public/company-info')).json()) as {
    data: { companyName: string };
  };
  expect(info.data.companyName).not.toBe('');
  await page.goto('/');
  await expect(page.getByRole('contentinfo')).toContainText(info.data.companyName);
});
