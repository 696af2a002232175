// A borrower in the browser: logging in with the SMS code, and the KYC
// sections filled whatever the server asks, for the specs that follow a new
// borrower from the start.
import { expect, type Locator, type Page } from '@playwright/test';
import { nextSmsCode, smsOutbox } from './fixtures';

const BIRTH_DATE = '1990-05-17';

/** A 16×16 PNG for the KYC photos (the ID, the selfie): the server re-encodes and keeps it. */
export const KYC_PHOTO = {
  name: 'photo.png',
  mimeType: 'image/png',
  buffer: Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAIAAACQkWg2AAAAFklEQVR42mNY6fWfJMQwqmFUw/DVAABptvIQCvGVggAAAABJRU5ErkJggg==',
    'base64',
  ),
};

/** Logs `phone` in through the login page's SMS code; the home page follows. */
export async function logIn(page: Page, phone: string) {
  const seen = smsOutbox(phone).length;
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Mobile number' }).fill(phone);
  await page.getByRole('button', { name: 'Get code' }).click();
  const code = await nextSmsCode(phone, seen);
  await page.getByRole('textbox', { name: 'Verification code' }).fill(code);
  await page.getByRole('button', { name: 'Log in' }).click();
  // The session is the pages' HttpOnly cookie, never in the address.
  await expect(page).toHaveURL(/\/home(\?|$)/);
  expect(page.url()).not.toContain('sessionId');
}

/** A plausible answer for a free-text KYC item, from its code and label. */
function textAnswer(key: string, numeric: boolean, maxLength: number): string {
  const k = key.toLowerCase();
  let value: string;
  // The first ID type offered is PhilSys: its 12-digit PSN.
  if (/id_number/.test(k)) return '123456789012';
  if (numeric) {
    if (/phone|mobile|tel|contact/.test(k)) value = '09171234567';
    else if (/income|salary|amount|pay/.test(k)) value = '25000';
    else if (/year|age|children|dependent/.test(k)) value = '2';
    else value = '123456789012';
  } else if (/mail/.test(k)) value = `borrower${Date.now()}@example.com`;
  else if (/first|given/.test(k)) value = 'Juan';
  else if (/middle/.test(k)) value = 'Santos';
  else if (/last|sur|family/.test(k)) value = 'Dela Cruz';
  else if (/name/.test(k)) value = 'Juan Santos Dela Cruz';
  else if (/address|street/.test(k)) value = '12 Rizal Street, Barangay Malinis';
  else if (/company|employer/.test(k)) value = 'Sari-Sari Trading';
  else value = 'Sample answer';
  return maxLength > 0 ? value.slice(0, maxLength) : value;
}

/** Chooses in an open picker: a search for city pickers, Filipino when offered, else the first option. */
async function choose(page: Page) {
  const sheet = page.getByRole('dialog');
  const search = sheet.getByRole('searchbox');
  if ((await search.count()) > 0) await search.fill('Quezon');
  const filipino = sheet.getByRole('radio', { name: /filipino/i });
  const option = (await filipino.count()) > 0 ? filipino.first() : sheet.getByRole('radio').first();
  await option.check();
  await sheet.getByRole('button', { name: 'Confirm' }).click();
  await expect(sheet).toBeHidden();
}

/** Fills every empty item of the KYC section on screen, whatever the server asks (the photos too unless told not to). */
export async function fillSection(page: Page, { photos = true } = {}) {
  const form = page.locator('main form');
  await expect(form.getByRole('button', { name: 'Save and continue' })).toBeVisible();
  for (const input of await form.locator('input').all()) {
    if ((await input.inputValue()) !== '') continue;
    const role = await input.getAttribute('role');
    const type = await input.getAttribute('type');
    if (type === 'file') {
      if (!photos) continue;
      // A photo item: taken, uploaded, and shown back before the next.
      const taken = page.waitForResponse((r) => r.url().includes('/credit-info/upload-image'));
      await input.setInputFiles(KYC_PHOTO);
      expect((await taken).status()).toBe(200);
      await expect(form.getByRole('img', { name: new RegExp(`^${await labelledBy(input)}: the photo you took$`) })).toBeVisible();
    } else if (role === 'combobox') {
      await input.click();
      await choose(page);
    } else if (type === 'date') {
      await input.fill(BIRTH_DATE);
    } else {
      const key = `${(await input.getAttribute('name')) ?? ''} ${await labelOf(input)}`;
      const numeric = (await input.getAttribute('inputmode')) === 'numeric';
      const max = Number((await input.getAttribute('maxlength')) ?? '0');
      await input.fill(textAnswer(key, numeric, max));
    }
  }
}

/**
 * Saves the KYC section on screen and waits for what follows it. The next
 * section is the same page with another address: until its form has come,
 * the one just saved stays on screen, and a `fillSection` then found its
 * fields filled and sent the new form empty.
 */
export async function saveSection(page: Page) {
  const here = new URL(page.url()).pathname;
  const title = page.locator('main form h2');
  const saved = await title.innerText();
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await page.waitForURL((url) => url.pathname !== here, { timeout: 15_000 });
  if (/^\/certify\/\w+$/.test(new URL(page.url()).pathname)) await expect(title).not.toHaveText(saved);
}

const labelOf = (input: Locator) => input.evaluate((el) => (el as HTMLInputElement).labels?.[0]?.textContent ?? '');
const labelledBy = (input: Locator) =>
  input.evaluate((el) => document.getElementById(el.getAttribute('aria-labelledby') ?? '')?.firstChild?.textContent ?? '');

/**
 * From home: opens `product`, applies for its default amount, fills the KYC
 * sections it asks for and applies again. The decision approves a new
 * borrower at once, so the page lands on the confirmation of the approved
 * (151) order; its address (with productId and orderId) is returned.
 */
export async function applyForApprovedLoan(page: Page, product: string): Promise<URL> {
  const card = page
    .getByRole('list', { name: 'Loan products' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: product, exact: true }) });
  await card.getByRole('button').click();
  await expect(page).toHaveURL(/\/productDetail(\?|$)/);
  await page.getByRole('button', { name: 'Apply now' }).click();
  await expect(page).toHaveURL(/\/certify(\?|$)/);
  await page.getByRole('link', { name: 'Continue' }).click();
  for (let step = 0; step < 6 && !/\/productDetail/.test(page.url()); step += 1) {
    await fillSection(page);
    await saveSection(page);
  }
  await expect(page).toHaveURL(/\/productDetail(\?|$)/);
  await page.getByRole('button', { name: 'Apply now' }).click();
  await expect(page).toHaveURL(/\/loanConfirm\?.*orderId=\d+/);
  return new URL(page.url());
}
