// Every screen of the three front ends, with the state each needs: the
// accessibility check (tests/accessibility.spec.ts) and `make screenshots`
// (screenshots/) walk the same list, so a screen added to one is in both.
import { readFileSync } from 'node:fs';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { demoSession, issuePayCode, orderInStatus, staffAdd, totpCode, type DemoSession, type StaffAccount } from './fixtures';

export interface Screen {
  /** A file-safe name: the screenshot's and the failure message's. */
  name: string;
  /** The route of web/app's router (or the site's page) the screen is. */
  route: string;
  path: string;
  /** What to do once the path has loaded, for screens reached by a tap. */
  then?: (page: Page) => Promise<void>;
}

/** The borrower's state the screens need, made once through the API. */
export interface BorrowerState {
  session: DemoSession;
  complaintId: number;
  calculationId: number;
}

export async function borrowerState(request: APIRequestContext): Promise<BorrowerState> {
  const session = demoSession();
  const s = `sessionId=${session.sessionId}`;
  const saved = await request.post(`/pany/user-problem/problem-save?${s}`, {
    form: { problemType: '2', problemDetail: 'My payment is not showing yet (screens).' },
  });
  expect(((await saved.json()) as { code: string }).code).toBe('00');
  const list = await request.post(`/pany/user-problem/problem-list?${s}`);
  const tabs = ((await list.json()) as { data: { tabs: { list: { id: number }[] }[] } }).data.tabs;
  const calculation = await request.post(`/pany/calc/add-loan?${s}`, {
    form: { amount: '500000', monthlyRateBp: '400', payments: '3', frequency: 'monthly', method: 'flat', name: 'Tricycle repair' },
  });
  const calculated = (await calculation.json()) as { code: string; data: { id: number } };
  expect(calculated.code).toBe('00');
  return { session, complaintId: tabs[0]!.list[0]!.id, calculationId: calculated.data.id };
}

/** Each borrower screen (web/app), the loan pages once per status of the demo's orders. */
export function borrowerScreens({ session, complaintId, calculationId }: BorrowerState): Screen[] {
  const s = `sessionId=${session.sessionId}`;
  const order = (status: number) => {
    const o = orderInStatus(session, status);
    return `${s}&orderId=${o.orderId}&productId=${o.productId}`;
  };
  const open = orderInStatus(session, 174);
  const screens: Screen[] = [
    { name: 'login', route: '/login', path: '/login' },
    { name: 'home', route: '/home', path: `/home?${s}` },
    { name: 'product-detail', route: '/productDetail', path: `/productDetail?${s}&productId=${open.productId}` },
    { name: 'certify', route: '/certify', path: `/certify?${s}&productId=${open.productId}` },
    ...['basic', 'personal', 'job', 'ext'].map((section) => ({
      name: `certify-${section}`,
      route: '/certify/:section',
      path: `/certify/${section}?${s}&productId=${open.productId}`,
    })),
    ...session.orders.map((o) => ({
      name: `loan-details-${o.status}`,
      route: '/loanDetails',
      path: `/loanDetails?${s}&orderId=${o.orderId}&productId=${o.productId}`,
    })),
    { name: 'order', route: '/order', path: `/order?${order(174)}` },
    { name: 'loan-confirm', route: '/loanConfirm', path: `/loanConfirm?${order(151)}` },
    { name: 'new-loan-confirm', route: '/newLoanConfirm', path: `/newLoanConfirm?${order(151)}` },
    { name: 'loan-agreement', route: '/loanAgreement', path: `/loanAgreement?${order(151)}` },
    { name: 'disclosure', route: '/loanAgreement', path: `/loanAgreement?${order(151)}&doc=disclosure` },
    { name: 'login-failure', route: '/loginFailure', path: `/loginFailure?orderId=${open.orderId}` },
    { name: 'repayment-by-period', route: '/repaymentByPeriod', path: `/repaymentByPeriod?${order(174)}` },
    {
      name: 'repayment-of-code',
      route: '/repaymentOfCode',
      path: `/repaymentByPeriod?${order(174)}`,
      then: async (page) => {
        await issuePayCode(page, '7-Eleven');
        await expect(page).toHaveURL(/\/repaymentOfCode(\?|$)/);
      },
    },
    { name: 'repayment-of-code-2', route: '/repaymentOfCode2', path: `/repaymentOfCode2?${order(174)}` },
    { name: 'repay-delay', route: '/repayDelay', path: `/repayDelay?${order(180)}` },
    { name: 'payment-instructions', route: '/paymentInstructions', path: `/paymentInstructions?${order(174)}` },
    { name: 'mine', route: '/mine', path: `/mine?${s}` },
    { name: 'about-us', route: '/aboutUs', path: '/aboutUs' },
    { name: 'privacy-policy', route: '/privacyPolicy', path: '/privacyPolicy' },
    { name: 'loan-terms', route: '/loanTerms', path: '/loanTerms' },
    { name: 'customer-service', route: '/customerService', path: `/customerService?${s}` },
    { name: 'bind-bank', route: '/bindBank', path: `/bindBank?${s}&productId=${open.productId}` },
    { name: 'complaint', route: '/complaint', path: `/complaint?${s}` },
    { name: 'complaint-form', route: '/complainPageNext', path: `/complainPageNext?${s}&problemType=2&problemSonType=0` },
    { name: 'complaint-list', route: '/complaintList', path: `/complaintList?${s}` },
    { name: 'complaint-detail', route: '/complainDetails', path: `/complainDetails?${s}&problemId=${complaintId}` },
    { name: 'calculator', route: '/calculator', path: `/calculator?${s}` },
    { name: 'calculator-saved', route: '/calculator/saved', path: `/calculator/saved?${s}` },
    { name: 'calculator-saved-detail', route: '/calculator/saved/detail', path: `/calculator/saved/detail?${s}&id=${calculationId}` },
    { name: 'calculator-exchange', route: '/calculator/exchange', path: `/calculator/exchange?${s}` },
    { name: 'book-keeping', route: '/bookKeeping', path: `/bookKeeping?${s}` },
    { name: 'book-keeping-record', route: '/bookKeepingRecord', path: `/bookKeepingRecord?${s}` },
    { name: 'book-keeping-statistics', route: '/bookKeepingStatistics', path: `/bookKeepingStatistics?${s}` },
    { name: 'repayment-reminders', route: '/repaymentReminders', path: `/repaymentReminders?${s}` },
    { name: 'repayment-bill', route: '/repaymentBill', path: `/repaymentBill?${s}` },
    { name: 'repayment-reminder', route: '/repaymentReminder', path: `/repaymentReminder?${s}&kind=order&id=${open.orderId}` },
    { name: 'test-preview', route: '/testPreview', path: `/testPreview?${s}&deviceId=d-9&productId=${open.productId}&orderId=${open.orderId}` },
    { name: 'not-found', route: '*', path: '/no-such-page' },
  ];
  return screens;
}

/**
 * The routes web/app's router declares (the `routes` table of AppRoutes.tsx
 * and its catch-all), so a route left out of the list above fails. Fewer
 * than 30 means the table changed form and this reading no longer sees it.
 */
export function appRoutes(): string[] {
  const source = readFileSync(new URL('../web/app/src/app/AppRoutes.tsx', import.meta.url), 'utf8');
  const table = [...source.matchAll(/^\s*\['(\/[^']*)', \w+\],$/gm)].map((m) => m[1]!);
  const routes = source.includes("{ path: '*',") ? [...table, '*'] : table;
  if (routes.length < 30) throw new Error(`AppRoutes.tsx: only ${routes.length} routes read; has its table changed form?`);
  return routes;
}

/**
 * The marketing site and the promotion page (web/site), in both languages.
 * English screens say `lang=en`: a page opened with `lang=fil` carries
 * Filipino for the rest of the session (the language switch, decision 046).
 */
export const SITE_SCREENS: Screen[] = [
  { name: 'site', route: '/', path: '/?lang=en' },
  { name: 'site-fil', route: '/', path: '/?lang=fil' },
  { name: 'promotion', route: '/promotion', path: '/promotion?id=1&lang=en' },
  { name: 'promotion-fil', route: '/promotion', path: '/promotion?id=1&lang=fil' },
  {
    name: 'promotion-listening',
    route: '/promotion',
    path: '/promotion?id=1&lang=en',
    then: async (page) => {
      await page.getByRole('button', { name: 'Listen to the code instead' }).click();
      await expect(page.getByLabel('Digits you heard')).toBeVisible();
    },
  },
  { name: 'promotion-download', route: '/promotion', path: '/promotion?id=1&lang=en#/downloadTemplate' },
  { name: 'promotion-agreement', route: '/promotion', path: '/promotion?id=1&lang=en#/agreementTemplate' },
];

let run = 0;

/** A new staff account (each signs in once: a TOTP code works once per account). */
export function newStaff(role: string): StaffAccount {
  run += 1;
  return staffAdd(`screens.${role}.${Date.now()}.${run}@e2e.hiram.ph`, `Screens ${role}`, role);
}

/** Signs in on the console's form with the code of this 30 s step; the reply of the sign-in call. */
export async function consoleSignIn(page: Page, staff: StaffAccount, code = totpCode(staff.totpSecret)) {
  await page.goto('/console');
  await expect(page.getByRole('heading', { level: 1, name: 'Hiram Operator Console' })).toBeVisible();
  await page.getByLabel('E-mail').fill(staff.email);
  await page.getByLabel('Password').fill(staff.password);
  await page.getByLabel('Authenticator code').fill(code);
  const reply = page.waitForResponse((r) => r.url().endsWith('/api/console/login'));
  await page.getByRole('button', { name: 'Sign in' }).click();
  return reply;
}

/**
 * The console's sections a signed-in member's menu offers, as screens: the
 * menu is the list, so a new section is checked without being named here.
 */
export async function consoleSections(page: Page): Promise<Screen[]> {
  const menu = page.getByRole('navigation', { name: 'Sections' });
  await expect(menu.getByRole('link').first()).toBeVisible();
  const hrefs = await menu.getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
  return hrefs.map((href) => ({ name: href.split('/').pop() ?? href, route: href, path: href }));
}

/** The roles whose menus together hold every section (the admin's lacks only deciding applications). */
export const CONSOLE_ROLES = ['admin', 'credit_officer'] as const;

/** Waits until the screen has settled: its calls answered and its lazy parts drawn. */
export async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => document.fonts.ready);
}
