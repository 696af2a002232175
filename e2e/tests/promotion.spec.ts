import { expect, test } from '../test';
import { captchaAnswer, countTones, nextSmsCode, smsOutbox } from '../fixtures';

test.use({ viewport: { width: 360, height: 800 } });

/** A fresh 0917 number, so reruns against a kept database do not collide. */
const newPhone = (): string => `0917${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;

test('a visitor registers on the promotion page with the captcha and the SMS code', async ({ page }) => {
  const phone = newPhone();
  const seen = smsOutbox(phone).length;

  const sidReply = page.waitForResponse((r) => r.url().includes('/promotion/get-sid'));
  const captchaReply = page.waitForResponse((r) => r.url().includes('/promotion/get-captcha'));
  await page.goto('/promotion?id=1&utm_tag=e2e&user_from=fb&app_from=web');
  const sidBody = (await (await sidReply).json()) as { code: string; data: { sid: string } };
  expect(sidBody.code).toBe('0');
  const sid = sidBody.data.sid;
  expect(sid).not.toBe('');

  // The picture for this sid is drawn; its answer is the one the server now expects.
  const picture = await captchaReply;
  expect(picture.status()).toBe(200);
  expect(new URL(picture.url()).searchParams.get('sid')).toBe(sid);
  const captchaImg = page.getByRole('button', { name: /Picture code/ }).locator('img');
  await expect(captchaImg).toHaveJSProperty('complete', true);
  expect(await captchaImg.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

  await page.getByRole('textbox', { name: 'Mobile number' }).fill(phone);
  await page.getByRole('textbox', { name: 'Digits in the picture' }).fill(captchaAnswer(sid));

  const smsRequest = page.waitForRequest((r) => r.url().includes('/promotion/get-sms'));
  await page.getByRole('button', { name: 'Get code' }).tap();
  const sent = new URLSearchParams((await smsRequest).postData() ?? '');
  expect(sent.get('id')).toBe('1');
  expect(sent.get('sid')).toBe(sid);
  await expect(page.getByText('The code has been sent. Please check your phone.')).toBeVisible();

  const code = await nextSmsCode(phone, seen);
  await page.getByRole('textbox', { name: 'SMS code' }).fill(code);
  await page.getByRole('button', { name: 'Register now' }).tap();

  await expect(page).toHaveURL(/#\/downloadTemplate$/);
  await expect(page.getByText('Registration successful')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Get Hiram' })).toBeVisible();

  // The number was proved by SMS once: the browser continues signed in, with no second code.
  const codesSent = smsOutbox(phone).length;
  await page.getByRole('link', { name: 'Continue in the browser' }).click();
  await expect(page).toHaveURL(/\/home\?/);
  const info = page.waitForResponse((r) => r.url().includes('/pany/v3/personal-center/user-info'));
  await page.goto('/mine');
  const reply = (await (await info).json()) as { code: string };
  expect(reply.code).toBe('00');
  await expect(page.getByText(new RegExp(phone.slice(-4)))).toBeVisible();
  expect(smsOutbox(phone).length).toBe(codesSent);
});

test('a visitor who cannot see the picture listens to the code instead and registers', async ({ page }) => {
  const phone = newPhone();
  const seen = smsOutbox(phone).length;
  const sidReply = page.waitForResponse((r) => r.url().includes('/promotion/get-sid'));
  await page.goto('/promotion?id=1');
  const sid = ((await (await sidReply).json()) as { data: { sid: string } }).data.sid;

  const sound = page.waitForResponse((r) => r.url().includes('/promotion/get-captcha-audio'));
  await page.getByRole('button', { name: 'Listen to the code instead' }).click();
  const reply = await sound;
  expect(reply.headers()['content-type']).toBe('audio/wav');
  expect(new URL(reply.url()).searchParams.get('sid')).toBe(sid);
  await expect(page.getByRole('button', { name: /Picture code/ })).toHaveCount(0);
  const field = page.getByRole('textbox', { name: 'Digits you heard' });
  await expect(field).toHaveAccessibleDescription(/count the short beeps/);
  // The player is the page's own, keyboard-reachable, and has the sound loaded.
  const player = page.locator('audio[controls]');
  await expect(player).toHaveAttribute('aria-label', 'Sound code');
  await expect.poll(() => player.evaluate((audio: HTMLAudioElement) => audio.duration)).toBeGreaterThan(3);

  const heard = countTones(await reply.body());
  expect(heard).toBe(captchaAnswer(sid));
  await page.getByRole('textbox', { name: 'Mobile number' }).fill(phone);
  await field.fill(heard);
  await page.getByRole('button', { name: 'Get code' }).tap();
  await expect(page.getByText('The code has been sent. Please check your phone.')).toBeVisible();
  await page.getByRole('textbox', { name: 'SMS code' }).fill(await nextSmsCode(phone, seen));
  await page.getByRole('button', { name: 'Register now' }).tap();
  await expect(page).toHaveURL(/#\/downloadTemplate$/);
});
