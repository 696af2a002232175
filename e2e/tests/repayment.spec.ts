import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../test';
import { BASE_URL } from '../env';
import {
  closePopups,
  DEMO_OVERDUE_PRODUCT,
  DEMO_PHONE,
  demoSession,
  groupedCode,
  issuePayCode,
  openDetails,
  orderInStatus,
  orderOfProduct,
  payInSandbox,
  shownDay,
  smsOutbox,
} from '../fixtures';

// The demo's two loans that owe: the one overdue when seeded, which
// repayment-rollover.spec (run before this file) rolled over, and the open
// one. The first test pays the first in full, the second the second.
test('a rolled-over order repaid in full through a pay code and the sandbox gateway', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 800 });
  const session = demoSession();
  const order = orderOfProduct(session, DEMO_OVERDUE_PRODUCT);
  const query = new URLSearchParams({
    sessionId: session.sessionId,
    orderId: String(order.orderId),
    productId: String(order.productId),
  });
  const receiptsBefore = smsOutbox(DEMO_PHONE).filter((m) => m.body.includes('we received')).length;

  // Order details → Pay.
  expect((await openDetails(page, query)).orderStatus).toBe(174);
  const repay = page.getByRole('button', { name: 'Pay', exact: true });
  await expect(repay).toBeVisible();
  await closePopups(page);
  const info = page.waitForResponse((r) => r.url().includes('/pany/v3/installment/loan-play-detail'));
  await repay.click();
  await expect(page).toHaveURL(/\/repaymentByPeriod(\?|$)/);
  const infoBody = (await (await info).json()) as { code: string; data: { repayAmount: number } };
  expect(infoBody.code).toBe('00');
  expect(infoBody.data.repayAmount).toBeGreaterThan(0);
  await expect(page.getByRole('heading', { level: 1, name: 'Payment' })).toBeVisible();

  // Choose GCash and ask for a code for the amount due.
  const { form, payCode } = await issuePayCode(page, 'GCash');
  expect(form.get('amount')).toBe(String(infoBody.data.repayAmount));
  expect(form.get('isDelay')).toBeNull();

  // The code page shows the code; the sandbox gateway pays it.
  await payInSandbox(page, payCode);

  // The order is now fully paid.
  await expect
    .poll(async () => (await openDetails(page, query)).orderStatus, { timeout: 30_000 })
    .toBe(200);
  await expect(page.getByRole('heading', { name: 'Fully paid' })).toBeVisible();

  // And the borrower was texted a receipt.
  await expect
    .poll(() => smsOutbox(DEMO_PHONE).filter((m) => m.body.includes('we received')).length, { timeout: 15_000 })
    .toBeGreaterThan(receiptsBefore);
});

/** Centavos as the pages write them (web/shared's formatMoney). */
function pesos(centavos: number): string {
  return `₱${Math.floor(centavos / 100).toLocaleString('en-US')}.${String(centavos % 100).padStart(2, '0')}`;
}

/** What zbarimg reads in a PNG the server drew for this session (`src` as the page has it). */
async function decodePicture(page: Page, src: string): Promise<string> {
  const response = await page.request.get(src);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe('image/png');
  const dir = mkdtempSync(join(tmpdir(), 'hiram-code-'));
  const file = join(dir, 'code.png');
  writeFileSync(file, await response.body());
  try {
    return execFileSync('zbarimg', ['--raw', '-q', file], { encoding: 'utf8' }).trim();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** CRC-16/CCITT-FALSE, the checksum an EMVCo QR payload ends with (tag 63). */
function crc16(text: string): string {
  let crc = 0xffff;
  for (const byte of Buffer.from(text, 'utf8')) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit += 1) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

/**
 * The code shown in `scope` sits on one line box in a monospace face, whole
 * (nothing scrolled out of sight), and its Copy button lies inside the
 * viewport with its word on one line.
 */
async function expectCodeOnOneLine(page: Page, scope: Locator, code: string) {
  const width = page.viewportSize()?.width ?? 0;
  const text = scope.getByText(groupedCode(code), { exact: true });
  const shown = await text.evaluate((el) => {
    const style = getComputedStyle(el);
    const range = document.createRange();
    range.selectNodeContents(el);
    const tops = new Set(Array.from(range.getClientRects(), (r) => Math.round(r.top)));
    return {
      lines: tops.size,
      height: el.getBoundingClientRect().height,
      lineHeight: parseFloat(style.lineHeight),
      whiteSpace: style.whiteSpace,
      font: style.fontFamily,
      hidden: el.scrollWidth - el.clientWidth,
    };
  });
  expect(shown.lines).toBe(1);
  expect(Math.abs(shown.height - shown.lineHeight)).toBeLessThanOrEqual(1);
  expect(shown.whiteSpace).toBe('nowrap');
  expect(shown.font).toContain('monospace');
  expect(shown.hidden).toBeLessThanOrEqual(0);

  const copy = scope.getByRole('button', { name: 'Copy', exact: true });
  const box = await copy.boundingBox();
  expect(box).not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(width);
  const copyLines = await copy.evaluate((el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    return new Set(Array.from(range.getClientRects(), (r) => Math.round(r.top))).size;
  });
  expect(copyLines).toBe(1);
}

test('an open loan: the standing code copied, the guide, a QR Ph QR and a 7-Eleven barcode that scan, then paid in full', async ({
  page,
  context,
}) => {
  // After the test above the demo's open (174) loan is the only one left
  // owing; this test pays it, last of the suite's users of it (alphabetical
  // order: extension, loan-details, repayment-reminders come before this
  // file).
  await page.setViewportSize({ width: 360, height: 800 });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: BASE_URL });
  const session = demoSession();
  const order = orderInStatus(session, 174);
  const query = new URLSearchParams({
    sessionId: session.sessionId,
    orderId: String(order.orderId),
    productId: String(order.productId),
  });

  // The installment page shows the loan's standing code on its first load.
  const info = page.waitForResponse((r) => r.url().includes('/pany/v3/installment/loan-play-detail'));
  await page.goto(`/repaymentByPeriod?${query.toString()}`);
  const infoBody = (await (await info).json()) as {
    code: string;
    data: {
      repayAmount: number;
      defDetail: { payCode: string; barcodeImg: string };
      payoff: { amount: number; earlyAllowed: boolean; earlyFrom: string; minimumInterest: number };
    };
  };
  expect(infoBody.code).toBe('00');
  // Eleven days into a 91-day loan the early-repayment day has not come: a
  // payoff today also pays the interest up to that day, and the page says
  // how much of it, with the server's own figures.
  const payoff = infoBody.data.payoff;
  expect(payoff.earlyAllowed).toBe(false);
  expect(payoff.minimumInterest).toBeGreaterThan(0);
  const payoffCard = page.getByRole('region', { name: 'Pay off the whole loan today' });
  await expect(payoffCard.getByText(pesos(payoff.amount), { exact: true })).toBeVisible();
  await expect(payoffCard).toContainText(
    `Before ${shownDay(payoff.earlyFrom)}, the early-repayment day in your agreement, paying the whole loan off includes ${pesos(payoff.minimumInterest)} of interest for the days from today to ${shownDay(payoff.earlyFrom)}.`,
  );
  const standing = infoBody.data.defDetail.payCode;
  expect(standing).toMatch(/^\d{12}$/);
  const box = page.getByRole('region', { name: /^Your pay code at / });
  await expect(box.getByText(groupedCode(standing), { exact: true })).toBeVisible();

  // Copy puts the code on the clipboard without the spaces, and says so.
  await box.getByRole('button', { name: 'Copy', exact: true }).click();
  await expect(page.getByText('copy success')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(standing);

  // The barcode modal shows the standing code's barcode, which scans.
  await box.getByRole('button', { name: 'Show barcode' }).click();
  const barcodeModal = page.getByRole('dialog', { name: 'Barcode for the cashier' });
  const standingBarcode = barcodeModal.getByRole('img', { name: 'Barcode of your pay code' });
  await expect(standingBarcode).toBeVisible();
  expect(await decodePicture(page, (await standingBarcode.getAttribute('src')) ?? '')).toBe(standing);
  await page.keyboard.press('Escape');
  await expect(barcodeModal).toBeHidden();
  await expect(box.getByRole('button', { name: 'Show barcode' })).toBeFocused();

  // At 320 px the code stays on one line and Copy stays whole on screen.
  await page.setViewportSize({ width: 320, height: 800 });
  await expectCodeOnOneLine(page, box, standing);
  await page.setViewportSize({ width: 360, height: 800 });

  // The guide: a picture enlarges in a dialog and focus comes back to it.
  await page.getByRole('link', { name: /payment guide/ }).click();
  await expect(page).toHaveURL(/\/paymentInstructions(\?|$)/);
  await expect(page.getByRole('heading', { level: 1, name: 'How to pay' })).toBeVisible();
  const store = page.getByRole('region', { name: 'Pay at a store counter' });
  const thumbnail = store.getByRole('button', { name: /^Enlarge the picture/ });
  const small = (await thumbnail.boundingBox())!;
  await thumbnail.click();
  const enlarged = page.getByRole('dialog', { name: 'Pay at a store counter' });
  const picture = enlarged.getByRole('img', { name: /cashier scans the barcode/ });
  await expect(picture).toBeVisible();
  expect((await picture.boundingBox())!.width).toBeGreaterThan(small.width * 1.5);
  await page.keyboard.press('Tab');
  await expect(enlarged.getByRole('button', { name: 'Close' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(enlarged.getByRole('button', { name: 'Close' })).toBeFocused();
  await enlarged.getByRole('button', { name: 'Close' }).click();
  await expect(enlarged).toBeHidden();
  await expect(thumbnail).toBeFocused();
  await page.goBack();
  await expect(page).toHaveURL(/\/repaymentByPeriod(\?|$)/);

  // QR Ph: a QR that reads back as an EMVCo payload carrying the code.
  const qr = await issuePayCode(page, 'QR Ph');
  await expect(page).toHaveURL(/\/repaymentOfCode\?.*showType=2/);
  const qrImage = page.getByRole('img', { name: 'QR code for payment' });
  await expect(qrImage).toBeVisible();
  expect(await qrImage.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  const payload = await decodePicture(page, (await qrImage.getAttribute('src')) ?? '');
  expect(payload.startsWith('000201')).toBe(true);
  expect(payload).toContain(qr.payCode);
  expect(payload.slice(-8, -4)).toBe('6304');
  expect(payload.slice(-4)).toBe(crc16(payload.slice(0, -4)));
  await page.goBack();
  await expect(page).toHaveURL(/\/repaymentByPeriod(\?|$)/);

  // 7-Eleven: a Code 128 barcode of the pay code for the cashier's scanner.
  const store711 = await issuePayCode(page, '7-Eleven');
  expect(store711.form.get('amount')).toBe(String(infoBody.data.repayAmount));
  await expect(page).toHaveURL(/\/repaymentOfCode\?.*showType=1/);
  const barcode = page.getByRole('img', { name: 'Barcode of your pay code' });
  await expect(barcode).toBeVisible();
  expect(await barcode.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  expect(await decodePicture(page, (await barcode.getAttribute('src')) ?? '')).toBe(store711.payCode);
  await page.setViewportSize({ width: 320, height: 800 });
  await expectCodeOnOneLine(page, page.getByRole('region', { name: 'Pay code', exact: true }), store711.payCode);
  await page.setViewportSize({ width: 360, height: 800 });

  // The demo's test page pays it; the loan is then fully paid.
  await payInSandbox(page, store711.payCode);
  await expect
    .poll(async () => (await openDetails(page, query)).orderStatus, { timeout: 30_000 })
    .toBe(200);
  await expect(page.getByRole('heading', { name: 'Fully paid' })).toBeVisible();
});
