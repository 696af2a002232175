import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@hiram/shared/testing/mockApi';
import { formatDate } from '@hiram/shared/format/format';
import { getToast } from '@hiram/shared/ui/toastStore';
import type * as Leave from '../../lib/leave';
import { openExternal, replacePage } from '../../lib/leave';
import { nativeHandler, ok, renderRoute, resetBridge } from '../../testing/renderRoute';
import type { LoanDetails } from './api/getLoanDetails';
import LoanDetailsPage from './LoanDetailsPage';
import { SHOW_BANK_TIP } from './safetyTip';

vi.mock('../../lib/leave', async (importOriginal) => ({
  ...(await importOriginal<typeof Leave>()),
  replacePage: vi.fn(),
  openExternal: vi.fn(),
}));

const CARD = {
  id: 7,
  logo: '',
  name: 'Kalesa Quick Pera',
  range: '₱500.00 - ₱5,000.00',
  rangeDesc: 'Loan amount',
  rate: '3% a month',
  description: '',
  tags: [],
  buttonText: 'Apply',
  flag: '1',
  minAmount: 50_000,
  maxAmount: 500_000,
  termDays: 91,
};

const BASE: LoanDetails = {
  orderStatus: 21,
  noticeStatusText: 'Under review',
  noticeDesText: 'We will decide within one day.',
  productName: 'Bayanihan Cash Express',
  productLogo: '',
  userOrderDetail: { detail: [{ text: 'Loan amount', value: '₱3,000.00' }] },
  recProducts: [],
  isDelay: '0',
  telephone: '',
  isScore: 0,
  playeduL: '',
  reyMsg: '',
  KindTipsMsg: '',
  cardNeedPop: 0,
  cardPopTitle: '',
  cardPopMsg: '',
  inside: '1',
  h5Url: '',
};

const URL = '/loanDetails?sessionId=s1&productId=4&orderId=12';

function show(overrides: Partial<LoanDetails>, extra: Record<string, unknown> = {}) {
  const api = mockApi({
    '/v3/loan-details/loan-details': ok({ ...BASE, ...overrides }),
    '/v3/loan-details/google-score': ok(null),
    '/service/event/save': ok(null),
    ...extra,
  });
  const view = renderRoute(URL, '/loanDetails', <LoanDetailsPage />);
  return { api, view };
}

const banner = () => screen.findByRole('region', { name: 'Loan status' });
const buttonNames = () =>
  screen
    .queryAllByRole('button')
    .filter((b) => !b.closest('[role="dialog"]') && !b.closest('li') && !b.closest('header'))
    .map((b) => b.textContent);

beforeEach(() => {
  localStorage.removeItem(SHOW_BANK_TIP);
  vi.mocked(replacePage).mockClear();
  vi.mocked(openExternal).mockClear();
});
afterEach(() => {
  vi.unstubAllGlobals();
  resetBridge();
});

describe('order details: status look', () => {
  it.each([
    [21, 'rgb(169, 74, 255)', 'review'],
    [151, 'rgb(169, 74, 255)', 'approved'],
    [110, 'rgb(225, 80, 80)', 'failed'],
    [174, 'rgb(62, 154, 96)', 'disbursed'],
    [180, 'rgb(238, 167, 29)', 'overdue'],
    [200, 'rgb(46, 125, 74)', 'done'],
    [170, '', 'done'],
    [999, 'rgb(169, 74, 255)', 'review'],
  ])('status %i: banner %s, icon %s', async (status, colour, icon) => {
    show({ orderStatus: status });
    const region = await banner();
    expect(region.style.backgroundColor).toBe(colour);
    expect(region.querySelector('svg')?.getAttribute('data-icon')).toBe(icon);
  });

  it.each([
    [174, '1', ['Pay', 'Pay for an extension']],
    [180, '1', ['Pay', 'Pay for an extension']],
    [174, '0', ['Pay']],
    [180, '0', ['Pay']],
    [170, '0', []],
    [200, '0', ['Borrow Again']],
    [21, '1', []],
    [151, '0', []],
    [110, '0', []],
    [999, '1', []],
  ])('status %i, isDelay %s: buttons %j', async (status, isDelay, names) => {
    show({ orderStatus: status, isDelay });
    await banner();
    expect(buttonNames()).toEqual(names);
    if (names.includes('Pay for an extension')) {
      // The hint stands right above the button it leads to, and describes it.
      const extension = screen.getByRole('button', { name: 'Pay for an extension' });
      const hint = screen.getByText(/^Short of money\? Pay for an extension instead/);
      expect(extension.previousElementSibling).toBe(hint);
      expect(extension.getAttribute('aria-describedby')).toBe(hint.id);
    } else {
      expect(screen.queryByText(/Short of money/)).toBeNull();
    }
  });
});

describe('order details: recommended products', () => {
  it('lists them for 151/110 with a link to more products', async () => {
    show({ orderStatus: 110, recProducts: [CARD] });
    expect(await screen.findByRole('heading', { name: 'Kalesa Quick Pera' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Click to view more products' }).getAttribute('href')).toBe('/home?sessionId=s1');
  });

  it.each([21, 999])('hides them while the application is under review (status %i)', async (status) => {
    show({ orderStatus: status, recProducts: [CARD] });
    await banner();
    expect(screen.queryByRole('heading', { name: 'Kalesa Quick Pera' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Click to view more products' })).toBeNull();
  });

  it('hides them for a disbursed loan', async () => {
    show({ orderStatus: 174, recProducts: [CARD] });
    await banner();
    expect(screen.queryByRole('heading', { name: 'Kalesa Quick Pera' })).toBeNull();
  });

  it('a tap records the event at its position, asks recommend-jump and follows an app path', async () => {
    const { api } = show(
      { orderStatus: 110, recProducts: [{ ...CARD, id: 9, name: 'Grey', flag: '0' }, CARD] },
      { '/v3/loan-details/recommend-jump': ok({ url: '/productDetail?productId=7' }) },
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Apply · Grey' }));
    fireEvent.click(screen.getByRole('button', { name: 'Apply · Kalesa Quick Pera' }));
    expect((await screen.findByTestId('where')).textContent).toBe('/productDetail?productId=7&sessionId=s1');
    expect(api.calls('/v3/loan-details/recommend-jump').map(([, init]) => init?.body)).toEqual(['productId=7&position=1']);
    expect(api.calls('/service/event/save').map(([, init]) => init?.body)).toEqual(['productId=7&moduleId=31&positionId=1']);
  });

  it('opens an http target directly', async () => {
    show(
      { orderStatus: 151, recProducts: [CARD] },
      { '/v3/loan-details/recommend-jump': ok({ url: 'https://lender.example/apply' }) },
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Apply · Kalesa Quick Pera' }));
    await waitFor(() => expect(openExternal).toHaveBeenCalledWith('https://lender.example/apply'));
  });

  it('Borrow Again records module 30 position 0', async () => {
    const { api } = show({ orderStatus: 200 });
    fireEvent.click(await screen.findByRole('button', { name: 'Borrow Again' }));
    await waitFor(() => expect(api.calls('/service/event/save')).toHaveLength(1));
    expect(api.calls('/service/event/save')[0]![1]?.body).toBe('productId=4&moduleId=30&positionId=0');
  });
});

describe('order details: confirm redirect', () => {
  it('goes to playeduL with the common query when the status is not 21', async () => {
    show({ orderStatus: 151, playeduL: '/loanConfirm?productId=4&orderId=12' });
    await waitFor(() => expect(replacePage).toHaveBeenCalledWith('/loanConfirm?productId=4&orderId=12&sessionId=s1'));
    expect(screen.queryByRole('region', { name: 'Loan status' })).toBeNull();
  });

  it('stays on the page for status 21 or an empty playeduL', async () => {
    show({ orderStatus: 21, playeduL: '/loanConfirm?productId=4&orderId=12' });
    await banner();
    expect(replacePage).not.toHaveBeenCalled();
  });
});

describe('order details: popups', () => {
  it('rating: no star toasts, under 4 shows the result popup', async () => {
    const { api } = show({ orderStatus: 200, isScore: 1 });
    await screen.findByRole('dialog', { name: 'Rate Hiram' });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(getToast()?.message).toBe('Please choose a rating.');
    fireEvent.click(screen.getByRole('radio', { name: '3 stars' }));
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.queryByRole('dialog', { name: 'Rate Hiram' })).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Thank you for your feedback' })).toBeTruthy();
    // The result answers the rating: the earlier "choose a rating" toast goes with it.
    expect(getToast()).toBeNull();
    expect(api.calls('/v3/loan-details/google-score')).toHaveLength(0);
  });

  it('rating: 4 or more sends score 5, opens the store prompt and closes', async () => {
    const rate = nativeHandler('toRate');
    const { api } = show({ orderStatus: 200, isScore: 1 });
    await screen.findByRole('dialog', { name: 'Rate Hiram' });
    fireEvent.click(screen.getByRole('radio', { name: '4 stars' }));
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(rate).toHaveBeenCalledWith('{}'));
    expect(api.calls('/v3/loan-details/google-score')[0]![1]?.body).toBe('score=5');
  });

  it('the safety reminder (Kind tips) shows once a day, even when the app opens the page in a new session', async () => {
    const tips = { orderStatus: 174, KindTipsMsg: 'Repay only through the channels shown here.' };
    const first = show(tips);
    expect(await screen.findByRole('dialog', { name: 'Safety reminder' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(localStorage.getItem(SHOW_BANK_TIP)).toBe(formatDate(Date.now()));
    first.view.unmount();
    // A new web view: its session storage starts empty; the day is remembered.
    sessionStorage.clear();
    const second = show(tips);
    await banner();
    expect(screen.queryByRole('dialog', { name: 'Safety reminder' })).toBeNull();
    second.view.unmount();
    // Seen on an earlier day: it shows again.
    localStorage.setItem(SHOW_BANK_TIP, '2000-01-01');
    show(tips);
    expect(await screen.findByRole('dialog', { name: 'Safety reminder' })).toBeTruthy();
  });

  it('going to repayment counts as having seen the safety reminder today', async () => {
    show({ orderStatus: 174, isDelay: '0' });
    fireEvent.click(await screen.findByRole('button', { name: 'Pay' }));
    expect(localStorage.getItem(SHOW_BANK_TIP)).toBe(formatDate(Date.now()));
  });

  it('shows the withdraw reminder as a reminder', async () => {
    show({ orderStatus: 151, reyMsg: 'Withdraw within 3 days or the approval lapses.' });
    expect(await screen.findByRole('dialog', { name: 'Reminder' })).toBeTruthy();
    expect(screen.getByText('Withdraw within 3 days or the approval lapses.')).toBeTruthy();
  });

  it('170 waiting for an account: no popup, the one button adds the account from the order', async () => {
    show({
      orderStatus: 170,
      noticeStatusText: 'Where should we send your loan?',
      noticeDesText: 'Add an account.',
      cardNeedPop: 1,
      cardPopTitle: 'Where should we send your loan?',
      cardPopMsg: 'Add an account.',
    });
    const region = await banner();
    // The status's one name, as the order list and the complaint picker give it; the text asks for the account.
    expect(region.querySelector('h2')?.textContent).toBe('Loan confirmed');
    expect(region.textContent).toContain('Add an account.');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(buttonNames()).toEqual(['Add your payout account']);
    fireEvent.click(screen.getByRole('button', { name: 'Add your payout account' }));
    expect(screen.getByTestId('where').textContent).toBe('/bindBank?sessionId=s1&productId=4&orderId=12&source=loanDetail');
  });

  it('170 with the money on its way: no popup and no button', async () => {
    show({ orderStatus: 170, noticeStatusText: 'Sending your money' });
    expect((await banner()).querySelector('h2')?.textContent).toBe('Loan confirmed');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(buttonNames()).toEqual([]);
  });

  it('names a status the glossary does not know in the server\'s words', async () => {
    show({ orderStatus: 999, noticeStatusText: 'Something new' });
    expect((await banner()).querySelector('h2')?.textContent).toBe('Something new');
  });
});
