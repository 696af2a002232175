import type { Page, Request } from '@playwright/test';
import { expect, test } from '../test';

test('the marketing site shows the company name from company-info', async ({ page, request }) => {
  const info = (await (await request.get('/pany/public/company-info')).json()) as {
    data: { companyName: string };
  };
  expect(info.data.companyName).not.toBe('');
  await page.goto('/');
  await expect(page.getByRole('contentinfo')).toContainText(info.data.companyName);
});

const SITE_LOCALES = [
  { path: '/', lang: 'en-PH', nav: 'Main', link: 'Contact Us', heading: 'About Us' },
  { path: '/?lang=fil', lang: 'fil', nav: 'Pangunahin', link: 'Makipag-ugnayan', heading: 'Tungkol sa Amin' },
] as const;

for (const l of SITE_LOCALES) {
  test(`the marketing site renders at ${l.path}`, async ({ page }) => {
    await page.goto(l.path);
    await expect(page.locator('html')).toHaveAttribute('lang', l.lang);
    const nav = page.getByRole('navigation', { name: l.nav });
    await expect(nav.getByRole('link', { name: l.link, exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: l.heading, exact: true })).toBeVisible();
  });
}

// Decision 048: both pages arrive prerendered in the visitor's language, so
// they read whole before (and without) their script.
const PAINTED_WITHOUT_SCRIPT = [
  { path: '/', locale: 'en-PH', lang: 'en-PH', heading: 'About Us' },
  { path: '/', locale: 'fil-PH', lang: 'fil', heading: 'Tungkol sa Amin' },
  { path: '/promotion?id=1', locale: 'en-PH', lang: 'en-PH', heading: 'Borrow with Hiram' },
  { path: '/promotion?lang=fil', locale: 'en-PH', lang: 'fil', label: 'Numero ng mobile' },
] as const;

for (const p of PAINTED_WITHOUT_SCRIPT) {
  test(`${p.path} in ${p.locale} paints in ${p.lang} with JavaScript off`, async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, locale: p.locale });
    const page = await context.newPage();
    const refused: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error' && /Content Security Policy/i.test(m.text())) refused.push(m.text());
    });
    await page.goto(p.path);
    await expect(page.locator('html')).toHaveAttribute('lang', p.lang);
    if ('heading' in p) await expect(page.getByRole('heading', { name: p.heading, exact: true })).toBeVisible();
    if ('label' in p) await expect(page.getByLabel(p.label)).toBeVisible();
    expect(refused, 'the prerendered markup broke the Content-Security-Policy').toEqual([]);
    await context.close();
  });
}

/** The carousel's visible slide: the others are aria-hidden, so role queries skip them. */
const activeSlide = (page: Page) => page.getByRole('region', { name: 'Highlights' }).getByRole('heading');

test('the carousel advances every 3 s and loops back to the first banner', async ({ page }) => {
  await page.goto('/');
  const slide = activeSlide(page);
  await expect(slide).toHaveCount(1);
  const first = await slide.innerText();
  expect(first).toBe('Cash when you need it');

  const seen = [first];
  for (let transition = 1; transition <= 3; transition += 1) {
    await page.waitForTimeout(3_200);
    const now = await slide.innerText();
    expect(now, `transition ${transition}`).not.toBe(seen[seen.length - 1]);
    seen.push(now);
  }
  expect(new Set(seen.slice(0, 3)).size).toBe(3);
  expect(seen[3]).toBe(first);
});

test('the contact form checks for complete information and makes no call', async ({ page }) => {
  const companyInfo = page.waitForResponse((r) => r.url().includes('/pany/public/company-info'));
  await page.goto('/');
  await companyInfo;
  const form = page.locator('form.site-form');
  const submit = form.getByRole('button', { name: 'Submit' });

  await submit.click();
  await expect(form.getByRole('alert')).toHaveText('Please provide complete information!');

  await form.getByRole('textbox', { name: 'Name' }).fill('Ana Santos');
  await form.getByRole('textbox', { name: 'Telephone' }).fill('09171234567');
  await form.getByRole('textbox', { name: 'E-mail' }).fill('ana@example.ph');
  await form.getByRole('textbox', { name: 'Remark' }).fill('Please call me after 5 pm.');
  // The embedded legal pages are separate documents; only the site page's own calls count.
  await page.waitForLoadState('networkidle');

  const calls: string[] = [];
  const record = (r: Request) => {
    if (r.frame() === page.mainFrame() && new URL(r.url()).pathname.startsWith('/pany')) calls.push(r.url());
  };
  page.on('request', record);
  await submit.click();
  await expect(form.getByRole('status')).toHaveText('Successful!');
  await expect(form.getByRole('alert')).toHaveCount(0);
  await page.waitForTimeout(300);
  page.off('request', record);
  expect(calls).toEqual([]);
});

/** Each page's title, and a line of its body that tells the locales apart (the customer-service title is the same in both). */
const APP_PAGES = [
  {
    path: '/aboutUs',
    en: { h1: 'About us', text: 'Hiram is a mobile lending service' },
    fil: { h1: 'Tungkol sa amin', text: 'Ang Hiram ay isang mobile lending service' },
  },
  {
    path: '/privacyPolicy',
    en: { h1: 'Privacy policy', h2: '1. What we collect' },
    fil: { h1: 'Patakaran sa privacy', h2: '1. Ano ang aming kinokolekta' },
  },
  {
    path: '/loanTerms',
    en: { h1: 'Loan terms and conditions', h2: '1. Who can borrow' },
    fil: { h1: 'Mga tuntunin at kondisyon ng loan', h2: '1. Sino ang maaaring umutang' },
  },
  {
    path: '/customerService',
    en: { h1: 'Customer service', text: 'We are here to help' },
    fil: { h1: 'Serbisyo sa customer', text: 'Narito kami para tumulong' },
  },
] as const satisfies readonly {
  path: string;
  en: { h1: string; h2?: string; text?: string };
  fil: { h1: string; h2?: string; text?: string };
}[];

for (const p of APP_PAGES) {
  for (const lang of ['en', 'fil'] as const) {
    test(`the borrower app renders ${p.path} in ${lang}`, async ({ page }) => {
      const want: { h1: string; h2?: string; text?: string } = p[lang];
      await page.goto(`${p.path}?lang=${lang}`);
      await expect(page.getByRole('heading', { level: 1, name: want.h1, exact: true })).toBeVisible();
      if (want.h2) await expect(page.getByRole('heading', { level: 2, name: want.h2, exact: true })).toBeVisible();
      if (want.text) await expect(page.getByText(want.text)).toBeVisible();
    });
  }
}
