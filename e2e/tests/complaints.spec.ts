import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, test } from '../test';
import { demoSession, orderInStatus, staffHeaders } from '../fixtures';

/** A 16×16 PNG: the server decodes, re-encodes and serves it as a JPEG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAIAAACQkWg2AAAAFklEQVR42mNY6fWfJMQwqmFUw/DVAABptvIQCvGVggAAAABJRU5ErkJggg==',
  'base64',
);
const picture = (name: string) => ({ name, mimeType: 'image/png', buffer: PNG });
/** Customer care's staff API token. */
const careStaff = () => staffHeaders('customer_care');

interface Choice {
  title: string;
  value: number;
}
interface ComplaintOrder {
  orderNo: string;
  orderId: number;
  status: number;
  isShow: number;
}
interface ComplaintInit {
  problemType: Choice[];
  problemSonType: Choice[];
  orderDetail: ComplaintOrder | null;
  orderList: ComplaintOrder[];
}

/** Attaches one picture on the complaint form and waits for its upload and thumbnail. */
async function attach(page: Page, name: string) {
  const thumbnails = page.getByRole('img', { name: /^Picture \d$/ });
  const before = await thumbnails.count();
  const uploaded = page.waitForResponse((r) => r.url().includes('/pany/user-problem/upload-problem-img'));
  await page.getByLabel('Add pictures').setInputFiles(picture(name));
  const reply = (await (await uploaded).json()) as { code: string; data: { url: string } };
  expect(reply.code).toBe('00');
  expect(reply.data.url).toMatch(/^\/pany\/uploads\/[0-9a-f]{32}$/);
  await expect(thumbnails).toHaveCount(before + 1);
}

/** Waits until an <img> has decoded a picture. */
async function expectLoaded(image: Locator) {
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
}

/** Customer care answers the complaint through the staff API, with one picture. */
async function answerAsStaff(request: APIRequestContext, id: number, answer: string) {
  const inbox = await request.get('/api/staff/complaints?pageSize=100', { headers: careStaff() });
  expect(inbox.status()).toBe(200);
  const open = ((await inbox.json()) as { data: { rows: { id: number; images: string[] }[] } }).data.rows;
  const filed = open.find((entry) => entry.id === id);
  expect(filed?.images).toHaveLength(2);

  const upload = await request.post(`/api/staff/complaints/upload-image?complaintId=${id}`, {
    headers: careStaff(),
    multipart: { image: picture('answer.png') },
  });
  expect(upload.status()).toBe(200);
  const name = ((await upload.json()) as { data: { name: string } }).data.name;

  const answered = await request.post('/api/staff/complaints/answer', {
    headers: careStaff(),
    form: { id: String(id), agent: 'Ana (e2e)', answer, images: name },
  });
  expect(answered.status()).toBe(200);
  expect(((await answered.json()) as { code: string }).code).toBe('00');
}

test('a collection complaint with pictures: filed, answered by customer care, and rated', async ({ page, request }) => {
  test.setTimeout(60_000);
  const session = demoSession();
  const order = orderInStatus(session, 174);
  const description = `The collector called my office about my loan (e2e ${Date.now()}).`;

  // The complaint home opens on the newest loan, one under review: no collection complaint about it.
  const initReply = page.waitForResponse((r) => r.url().includes('/pany/user-problem/problem-init'));
  await page.goto(`/complaint?sessionId=${session.sessionId}`);
  const init = ((await (await initReply).json()) as { data: ComplaintInit }).data;
  const collection = init.problemType.find((type) => type.value === 1)!;
  const subType = init.problemSonType[0]!;
  const chosen = init.orderList.find((o) => o.orderId === order.orderId)!;
  expect(chosen.isShow).toBe(1);
  expect(init.orderDetail?.isShow).toBe(0);
  await expect(page.getByRole('heading', { level: 1, name: 'Complaints and suggestions' })).toBeVisible();
  await page.getByRole('button', { name: collection.title }).click();
  await expect(page.getByText(/^Collection complaints are about a loan you have been repaying/)).toBeVisible();
  await expect(page.getByRole('button', { name: subType.title })).toHaveCount(0);

  // Change loan: the disbursed loan, then collection and a sub-type.
  await page.getByRole('button', { name: 'Change loan', exact: true }).click();
  const sheet = page.getByRole('dialog', { name: 'Choose a loan' });
  await sheet.getByText(chosen.orderNo).click();
  await expect(sheet).toHaveCount(0);
  await expect(page.getByRole('heading', { name: order.productName })).toBeVisible();
  await page.getByRole('button', { name: collection.title }).click();
  await page.getByRole('button', { name: subType.title }).click();
  await expect(page).toHaveURL(/\/complainPageNext(\?|$)/);
  const formQuery = new URL(page.url()).searchParams;
  expect(formQuery.get('problemType')).toBe('1');
  expect(formQuery.get('problemSonType')).toBe(String(subType.value));
  expect(formQuery.get('orderNo')).toBe(chosen.orderNo);
  expect(await page.evaluate(() => localStorage.getItem('complaintOrderNo'))).toBe(chosen.orderNo);

  // The form: tags, the 200-character cap, two pictures.
  await expect(page.getByRole('list', { name: 'Topic' })).toContainText(collection.title);
  await expect(page.getByRole('list', { name: 'Topic' })).toContainText(subType.title);
  const text = page.getByRole('textbox', { name: 'Describe the problem' });
  await text.fill('x'.repeat(250));
  await expect(text).toHaveValue('x'.repeat(200));
  await expect(page.getByText('200/200')).toBeVisible();
  await text.fill(description);
  await attach(page, 'first.png');
  await attach(page, 'second.png');

  const saved = page.waitForResponse((r) => r.url().includes('/pany/user-problem/problem-save'));
  await page.getByRole('button', { name: 'Send' }).click();
  const saveReply = await saved;
  const form = new URLSearchParams(saveReply.request().postData() ?? '');
  expect(form.get('problemImage')?.split(',')).toHaveLength(2);
  const body = (await saveReply.json()) as { code: string; message: string; data: { reference: string } };
  expect(body.code).toBe('00');
  // Words for a report about a collector, and the complaint's number, which stays until the borrower moves on.
  expect(body.message).toContain('SEC Memorandum Circular No. 18, series of 2019');
  expect(body.data.reference).toMatch(/^HC-\d{7}$/);
  const sentModal = page.getByRole('dialog', { name: 'Successfully Sent' });
  await expect(sentModal).toBeVisible();
  await expect(sentModal).toContainText(body.message);
  await expect(sentModal).toContainText(body.data.reference);
  await sentModal.getByRole('button', { name: 'OK' }).click();
  // Then the complaint home, with the kept order cleared.
  await expect(page).toHaveURL(/\/complaint\?/, { timeout: 5_000 });
  await expect(sentModal).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('complaintOrderNo'))).not.toBe(chosen.orderNo);

  // My complaints → the complaint, with its two pictures.
  await page.getByRole('link', { name: 'My complaints' }).click();
  await expect(page.getByRole('tab', { name: 'All' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tabpanel')).toContainText(body.data.reference);
  await page.getByRole('link', { name: new RegExp(description.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) }).click();
  await expect(page).toHaveURL(/\/complainDetails(\?|$)/);
  const problemId = Number(new URL(page.url()).searchParams.get('problemId'));
  expect(problemId).toBeGreaterThan(0);
  await expect(page.getByText(description)).toBeVisible();
  await expectLoaded(page.getByRole('img', { name: 'Picture 1', exact: true }));
  await expectLoaded(page.getByRole('img', { name: 'Picture 2', exact: true }));
  await expect(page.getByText('Customer care will answer within 3 working days.')).toBeVisible();

  // Customer care answers; the borrower reads it and rates it.
  const answer = 'We told the agency to contact only you, between 6 AM and 10 PM. Sorry for the trouble.';
  await answerAsStaff(request, problemId, answer);
  const detailReply = page.waitForResponse((r) => r.url().includes('/pany/user-problem/problem-detail'));
  await page.reload();
  const detail = ((await (await detailReply).json()) as { data: { isNeedScore: number } }).data;
  expect(detail.isNeedScore).toBe(1);
  const loadedAt = Date.now();
  const result = page.getByRole('region', { name: 'Our answer' });
  await expect(result).toContainText(answer);
  await expect(result).toContainText('Answered by Ana E. on ');
  await expectLoaded(result.getByRole('img', { name: 'Picture 1 from customer care' }));
  const rating = page.getByRole('dialog', { name: 'Rate our answer' });
  await expect(rating).toBeVisible({ timeout: 6_000 });
  expect(Date.now() - loadedAt).toBeGreaterThanOrEqual(2_500);
  await rating.getByRole('radio', { name: '4 stars' }).click();
  await expect(rating.locator('.app-star--on')).toHaveCount(4);
  const scored = page.waitForResponse((r) => r.url().includes('/pany/user-problem/save-score'));
  await rating.getByRole('button', { name: 'Send' }).click();
  const scoreReply = await scored;
  expect(new URLSearchParams(scoreReply.request().postData() ?? '').get('score')).toBe('4');
  expect(((await scoreReply.json()) as { code: string }).code).toBe('00');
  await expect(page.getByText('Thank you for rating our answer!')).toBeVisible();
  await expect(rating).toHaveCount(0);

  const ratings = await request.get('/api/staff/complaints/ratings', { headers: careStaff() });
  const rows = ((await ratings.json()) as { data: { agent: string; average: number }[] }).data;
  expect(rows.find((row) => row.agent === 'Ana (e2e)')?.average).toBe(4);
});

test('several pictures in one pick, and the picker hides at 9 pictures', async ({ page }) => {
  test.setTimeout(60_000);
  const session = demoSession();
  await page.goto(`/complainPageNext?sessionId=${session.sessionId}&problemType=2&problemSonType=0`);
  await expect(page.getByRole('textbox', { name: 'Describe the problem' })).toBeVisible();
  await attach(page, 'shot-1.png');
  // Ten picked at once with room for eight: eight go, one upload each.
  const thumbnails = page.getByRole('img', { name: /^Picture \d$/ });
  await page.getByLabel('Add pictures').setInputFiles(Array.from({ length: 10 }, (_, n) => picture(`shot-${n + 2}.png`)));
  await expect(thumbnails).toHaveCount(9, { timeout: 30_000 });
  await expect(page.getByText('Only 8 more pictures fit, so the first 8 were added.')).toBeVisible();
  await expect(page.getByLabel('Add pictures')).toHaveCount(0);
  await page.getByRole('button', { name: 'Remove picture 9' }).click();
  await expect(page.getByLabel('Add pictures')).toHaveCount(1);
});
