import { expect, test } from '../test';
import { fillSection, KYC_PHOTO, logIn } from '../borrower';

// Identity as the privacy policy promises it (issue 33): the basic section
// takes a photo of the ID and a selfie with it, through the uploads the
// server checks, and an ID number of the chosen type's shape (PhilSys: the
// 12-digit PSN or the 16-digit card number). Nothing is saved until all hold.

test.use({ viewport: { width: 360, height: 800 } });

/** A number no other spec uses: 0926 + the last 7 digits of the clock. */
const newPhone = () => `0926${String(Date.now()).slice(-7)}`;

test('KYC refuses to finish without the ID photo and the selfie, and refuses a malformed PhilSys number', async ({ page }) => {
  await logIn(page, newPhone());
  await page.goto('/certify/basic');
  const form = page.locator('main form');
  await fillSection(page, { photos: false });
  const save = form.getByRole('button', { name: 'Save and continue' });
  const idPhoto = form.getByRole('button', { name: 'Photo of your ID', exact: true });
  const selfie = form.getByRole('button', { name: 'Selfie holding your ID', exact: true });

  // No photos: refused beside the first of them, and the page stays.
  await save.click();
  await expect(idPhoto).toHaveAttribute('aria-invalid', 'true');
  await expect(selfie).toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL(/\/certify\/basic/);

  // The photos taken; the ID number as the issue found it accepted.
  for (const photo of [idPhoto, selfie]) {
    const sent = page.waitForResponse((r) => r.url().includes('/credit-info/upload-image'));
    await photo.setInputFiles(KYC_PHOTO);
    expect((await sent).status()).toBe(200);
  }
  await expect(form.getByRole('img', { name: 'Selfie holding your ID: the photo you took' })).toBeVisible();
  const number = form.getByRole('textbox', { name: 'ID number' });
  await number.fill('Sample answer');
  const refused = page.waitForResponse((r) => r.url().includes('/v3/certify/save-basic-info'));
  await save.click();
  // Our pages read refusals from the envelope's code (D5).
  expect(((await (await refused).json()) as { code: string }).code).toBe('400');
  await expect(form.getByText('This is not a number of the ID you chose: it should be the 16-digit card number or the 12-digit PSN.')).toBeVisible();
  await expect(number).toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL(/\/certify\/basic/);

  // Eleven digits are no PSN either; twelve are.
  await number.fill('1234 5678 901');
  await save.click();
  await expect(number).toHaveAttribute('aria-invalid', 'true');
  await number.fill('1234 5678 9012');
  await save.click();
  await expect(page).toHaveURL(/\/certify\/personal/);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});
