import { execFileSync } from 'node:child_process';
import { expect, test } from '../test';
import { applyForApprovedLoan, logIn } from '../borrower';
import { pageSession } from '../fixtures';

// The copy to keep (issue 33, decision 089): once a borrower accepts, the
// agreement page offers their documents as a PDF, and every figure of the
// disclosure the page shows is in it. The file is read back with Debian's
// pdftotext (poppler-utils, `make pdftotext`), a reader that is not ours.

const PRODUCT = 'Bayanihan Cash Express';

/** A number no other spec uses: 0928 + the last 7 digits of the clock. */
const newPhone = () => `0928${String(Date.now()).slice(-7)}`;

/** The PDF's text, its white space made single spaces. */
function pdfText(path: string): string {
  return execFileSync('pdftotext', ['-enc', 'UTF-8', path, '-'], { encoding: 'utf8' }).split(/\s+/).join(' ');
}

/** A figure as the copy writes it: its standard font has no peso sign, so the currency's code. */
const asWritten = (value: string) => value.replaceAll('₱', 'PHP ');

test.use({ viewport: { width: 360, height: 800 } });

test('an accepted loan downloads its agreement and disclosure as a PDF whose figures are the disclosure’s', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  await logIn(page, newPhone());
  const approved = await applyForApprovedLoan(page, PRODUCT);
  const orderId = approved.searchParams.get('orderId') ?? '';
  const modal = page.getByRole('dialog', { name: 'Loan agreement' });
  await modal.getByRole('button', { name: 'Agree', exact: true }).click();
  await page.getByRole('button', { name: /^Agree and borrow ₱[\d,]+\.\d\d$/ }).click();
  await expect(page).toHaveURL(/\/loanDetails\?/);
  // Order details offer the copy once the loan is accepted.
  await expect(page.getByRole('link', { name: 'Download your copy (PDF)' })).toBeVisible();

  const sessionId = await pageSession(page);
  await page.goto(`/loanAgreement?sessionId=${sessionId}&orderId=${orderId}&doc=disclosure`);
  await expect(page.getByRole('heading', { level: 1, name: 'Disclosure Statement on Loan Transaction' })).toBeVisible();
  const table = page.locator('article table').first();
  const labels = await table.getByRole('rowheader').allInnerTexts();
  const values = await table.getByRole('cell').allInnerTexts();
  expect(labels.length).toBeGreaterThan(10);
  expect(values).toHaveLength(labels.length);
  const schedule = await page.locator('article table').nth(1).getByRole('row').allInnerTexts();

  const link = page.getByRole('link', { name: 'Download your copy (PDF)' });
  const downloading = page.waitForEvent('download');
  await link.click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^hiram-loan-[A-Z0-9]+\.pdf$/);
  const path = testInfo.outputPath('copy.pdf');
  await download.saveAs(path);
  const copy = pdfText(path);

  for (const [index, label] of labels.entries()) {
    expect(copy, `the copy's ${label}`).toContain(asWritten(label.replace(/\s+/g, ' ').trim()));
    expect(copy, `the copy's ${label}`).toContain(asWritten(values[index]!.replace(/\s+/g, ' ').trim()));
  }
  // Each schedule line's amount (the page's last cell of a row).
  for (const row of schedule.slice(1)) {
    const amount = /₱[\d,]+\.\d\d/.exec(row)?.[0];
    expect(amount, row).toBeTruthy();
    expect(copy).toContain(asWritten(amount!));
  }
  expect(copy.indexOf('Loan Agreement')).toBeGreaterThan(-1);
  expect(copy.indexOf('Kasunduan sa Loan')).toBeGreaterThan(copy.indexOf('Loan Agreement'));
});
