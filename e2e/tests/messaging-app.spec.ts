import type { Page } from '@playwright/test';
import { expect, test } from '../test';
import { demoSession, orderInStatus } from '../fixtures';

// A link opened from a chat lands in the messaging app's own browser (spec
// §9: detected from the user agent). There the pages call no native bridge,
// even where a handler of the same name exists, and the download page asks
// the visitor to open it in their browser. A browser with no shell gets a
// device id of its own, in the 8-4-4-4-12 hex style.

const MESSENGER_UA =
  'Mozilla/5.0 (Linux; Android 13; SM-A145F Build/TP1A.220624.014; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/124.0.6367.82 Mobile Safari/537.36 [FB_IAB/Orca-Android;FBAV/455.0.0.44.88;]';

const RANDOM_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

declare global {
  interface Window {
    nativeCalls?: string[];
  }
}

/** An iOS-style message handler for `startBank` that records each call, installed before the page's scripts run. */
async function recordStartBank(page: Page) {
  await page.addInitScript(() => {
    window.nativeCalls = [];
    const postMessage = (message: string) => window.nativeCalls!.push(`startBank ${message}`);
    Object.assign(window, { webkit: { messageHandlers: { startBank: { postMessage } } } });
  });
}

/** Opens the bind-bank page, which announces the bank session (startBank) as it opens. */
async function openBindBank(page: Page) {
  const session = demoSession();
  const order = orderInStatus(session, 174);
  const form = page.waitForResponse((r) => r.url().includes('/pany/v3/bind-card/card-init'));
  await page.goto(`/bindBank?sessionId=${session.sessionId}&productId=${order.productId}`);
  await form;
  await expect(page.getByRole('heading', { level: 1, name: 'Payout account' })).toBeVisible();
}

test.describe("in Messenger's browser", () => {
  test.use({ userAgent: MESSENGER_UA });

  test('the download page asks the visitor to open it in their browser', async ({ page }) => {
    await page.goto('/promotion?id=1#/downloadTemplate');
    await expect(page.getByRole('heading', { name: 'Get Hiram' })).toBeVisible();
    const note = page.getByRole('note', { name: 'Open this page in your browser' });
    await expect(note).toContainText('You are in Messenger’s own browser');
    await expect(note.getByRole('button', { name: 'Copy the link' })).toBeVisible();
  });

  test('the pages call no native bridge, even a handler of the same name', async ({ page }) => {
    await recordStartBank(page);
    await openBindBank(page);
    expect(await page.evaluate(() => window.nativeCalls)).toEqual([]);
  });

  test('with no shell, the calls carry a device id of the browser’s own, kept in a cookie', async ({ page, context }) => {
    const session = demoSession();
    const home = page.waitForRequest((r) => r.url().includes('/pany/v4/index/home-page'));
    await page.goto(`/home?sessionId=${session.sessionId}`);
    const deviceId = new URL((await home).url()).searchParams.get('deviceId') ?? '';
    expect(deviceId).toMatch(RANDOM_ID);
    const cookie = (await context.cookies()).find((c) => c.name === 'hiram_device_id');
    expect(cookie?.value).toBe(deviceId);

    // A later visit, without the session storage of this one, keeps the id.
    const again = await context.newPage();
    const next = again.waitForRequest((r) => r.url().includes('/pany/v4/index/home-page'));
    await again.goto(`/home?sessionId=${session.sessionId}`);
    expect(new URL((await next).url()).searchParams.get('deviceId')).toBe(deviceId);
  });
});

test.describe('in our shell (an ordinary web view)', () => {
  test('the same page calls the native handler', async ({ page }) => {
    await recordStartBank(page);
    await openBindBank(page);
    await expect.poll(() => page.evaluate(() => window.nativeCalls?.length ?? 0)).toBe(1);
    expect((await page.evaluate(() => window.nativeCalls))![0]).toMatch(/^startBank \{"productId":"\d+"\}$/);
  });

  test('the download page says nothing of opening elsewhere', async ({ page }) => {
    await page.goto('/promotion?id=1#/downloadTemplate');
    await expect(page.getByRole('heading', { name: 'Get Hiram' })).toBeVisible();
    await expect(page.getByRole('note')).toHaveCount(0);
  });
});
