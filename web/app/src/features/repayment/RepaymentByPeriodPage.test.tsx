import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@hiram/shared/testing/mockApi';
import type * as Leave from '../../lib/leave';
import { openExternal } from '../../lib/leave';
import { fail, ok, renderRoute } from '../../testing/renderRoute';
import type { RepaymentInfo } from './api/getRepaymentInfo';
import RepaymentByPeriodPage from './RepaymentByPeriodPage';
import { readRepaymentInfo, REPAYMENT_INFO_KEY } from './storage';

vi.mock('../../lib/leave', async (importOriginal) => ({
  ...(await importOriginal<typeof Leave>()),
  openExternal: vi.fn(),
}));

const INFO: RepaymentInfo = {
  repayAmount: 327_300,
  repayDate: '2025-10-15',
  nextPayment: 327_300,
  productName: 'Bayanihan Cash Express',
  productLogo: '/logo.png',
  detail: [
    { text: 'Principal', value: '₱3,000.00' },
    { text: 'Interest', value: '₱273.00' },
    { text: 'Penalty', value: '₱0.00' },
  ],
  repayPlan: [],
  repayList: [
    { name: 'GCash', logo: '/gcash.png', channel_number: 90011 },
    { name: 'Maya', logo: '/maya.png', channel_number: 90012 },
    { name: 'QR Ph', logo: '/qrph.png', channel_number: 90015 },
  ],
  noticeMsg: '',
  defDetail: {
    payCode: '123456789012',
    logo: '/711.png',
    title: '7-Eleven',
    barcodeImg: '/pany/pay-codes/123456789012/barcode.png?until=1795849200&sig=abababababababababababababababababababababababababababababababab',
    sandboxUrl: '',
    payNotice: { 'Over the counter': [{ name: '7-Eleven', steps: ['Go to the CLiQQ kiosk', 'Show the code'] }] },
  },
  delayInfo: { title: 'Extension', delayAmount: 0 },
  isShowReyTop: 1,
};

/** A payoff on Aug 20, before the early-repayment day (Sep 1): it carries interest to that day. */
const BEFORE_THE_EARLY_DAY = {
  amount: 311_400,
  asOf: '2025-08-20',
  earlyAllowed: false,
  earlyFrom: '2025-09-01',
  principal: 300_000,
  interest: 6_600,
  minimumInterest: 4_800,
  fees: 0,
  penalties: 0,
  interestSaved: 15_900,
};

const URL = '/repaymentByPeriod?sessionId=s1&productId=4&orderId=12';
const PAY_URL = '/repaymentOfCode?showType=1&payCode=555566667777&repayAmount=327300&channel=maya';

function setup(info: Partial<RepaymentInfo> = {}, payCode: unknown = ok({ payUrl: PAY_URL, payCode: '555566667777', expiresAt: '2025-10-16T00:00:00Z' })) {
  const api = mockApi({
    '/v3/installment/loan-play-detail': ok({ ...INFO, ...info }),
    '/v3/loan-details/generate-vcode': payCode,
  });
  renderRoute(URL, '/repaymentByPeriod', <RepaymentByPeriodPage />);
  return api;
}

const bodyOf = (init: RequestInit | undefined) => new URLSearchParams(String(init?.body));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(openExternal).mockReset();
  sessionStorage.clear();
});

describe('installment repayment page', () => {
  it('shows the amount, date, product and asks for the order with the form client', async () => {
    const api = setup();
    expect(await screen.findByText('₱3,273.00')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Payment' })).toBeTruthy();
    expect(screen.getByText('Due date: Oct 15, 2025')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Bayanihan Cash Express' })).toBeTruthy();
    const init = api.calls('/v3/installment/loan-play-detail')[0]?.[1];
    expect(bodyOf(init).get('orderId')).toBe('12');
    expect(bodyOf(init).get('productId')).toBe('4');
  });

  it('folds the details to 2 rows with a More / Hide toggle', async () => {
    setup();
    await screen.findByText('Principal');
    expect(screen.getAllByRole('term').map((d) => d.textContent)).toEqual(['Principal', 'Interest']);
    fireEvent.click(screen.getByRole('button', { name: 'More' }));
    expect(screen.getAllByRole('term')).toHaveLength(3);
    expect(screen.getByRole('button', { name: 'Hide' }).getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Hide' }));
    expect(screen.getAllByRole('term')).toHaveLength(2);
  });

  it('has no toggle with 2 rows or fewer, and no guide when isShowReyTop is 0', async () => {
    setup({ detail: INFO.detail.slice(0, 2), isShowReyTop: 0 });
    await screen.findByText('Principal');
    expect(screen.queryByRole('button', { name: 'More' })).toBeNull();
    expect(screen.queryByRole('link', { name: /payment guide/ })).toBeNull();
  });

  it('links the guide to the payment instructions and the code box to /repaymentOfCode2; stores the info', async () => {
    setup();
    const guide = await screen.findByRole('link', { name: /payment guide/ });
    expect(guide.getAttribute('href')).toBe('/paymentInstructions?sessionId=s1');
    expect(screen.getByText('1234 5678 9012')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Copy' })).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: 'View how to pay with this code' }));
    expect(screen.getByTestId('where').textContent).toBe('/repaymentOfCode2?sessionId=s1');
    expect(readRepaymentInfo()?.defDetail?.payCode).toBe('123456789012');
    expect(sessionStorage.getItem(REPAYMENT_INFO_KEY)).not.toBeNull();
  });

  it('shows the standing code from the first load, copies it without spaces and opens its barcode in a modal', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    setup();
    expect((await screen.findByText('1234 5678 9012')).className).toBe('app-code-text');
    expect(screen.getByRole('heading', { name: '7-Eleven' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('123456789012'));

    const show = screen.getByRole('button', { name: 'Show barcode' });
    show.focus();
    fireEvent.click(show);
    const modal = screen.getByRole('dialog', { name: 'Barcode for the cashier' });
    expect(within(modal).getByRole('img', { name: 'Barcode of your pay code' }).getAttribute('src')).toBe(
      '/pany/pay-codes/123456789012/barcode.png?until=1795849200&sig=abababababababababababababababababababababababababababababababab',
    );
    expect(within(modal).getByText('1234 5678 9012')).toBeTruthy();
    fireEvent.click(within(modal).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(show);
  });

  it('has no barcode button for a code without a barcode', async () => {
    setup({ defDetail: { ...INFO.defDetail, barcodeImg: '' } });
    await screen.findByText('1234 5678 9012');
    expect(screen.queryByRole('button', { name: 'Show barcode' })).toBeNull();
  });

  it('hides the code box when no standing code could be made', async () => {
    setup({ defDetail: { ...INFO.defDetail, payCode: '', barcodeImg: '' } });
    await screen.findByText('₱3,273.00');
    expect(screen.queryByRole('button', { name: 'Copy' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'View how to pay with this code' })).toBeNull();
  });

  it('hands the test page of a store code and its expiry on to the code page', async () => {
    setup(
      {},
      ok({
        payUrl: PAY_URL,
        payCode: '555566667777',
        expiresAt: '2025-10-16T00:00:00Z',
        showType: 1,
        payCodeImg: '',
        barcodeImg: '',
        sandboxUrl: '/sandbox/pay?code=555566667777',
      }),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Payment Method' }));
    fireEvent.click(screen.getByRole('button', { name: 'Pay' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe(`${PAY_URL}&sessionId=s1`));
    expect(JSON.parse(screen.getByTestId('where').dataset.state ?? '{}')).toEqual({
      sandboxUrl: '/sandbox/pay?code=555566667777',
      expiresAt: '2025-10-16T00:00:00Z',
    });
  });

  it('opens the channel picker with the first channel checked', async () => {
    setup();
    fireEvent.click(await screen.findByRole('button', { name: 'Payment Method' }));
    const sheet = screen.getByRole('dialog', { name: 'Payment Method' });
    const gcash = within(sheet).getByRole('radio', { name: 'GCash' }) as HTMLInputElement;
    expect(gcash.checked).toBe(true);
    expect((within(sheet).getByRole('radio', { name: 'Maya' }) as HTMLInputElement).checked).toBe(false);
    expect(gcash.closest('label')?.textContent).toContain('✓');
    expect(within(sheet).getByText(/full amount due/)).toBeTruthy();
    fireEvent.click(within(sheet).getByRole('radio', { name: 'Maya' }));
    expect(within(sheet).getByRole('radio', { name: 'Maya' }).closest('label')?.textContent).toContain('✓');
    expect(gcash.closest('label')?.textContent).not.toContain('✓');
  });

  it('Payment issues a code for the amount due through the chosen channel and opens payUrl in the app', async () => {
    const api = setup();
    fireEvent.click(await screen.findByRole('button', { name: 'Payment Method' }));
    fireEvent.click(screen.getByRole('radio', { name: 'Maya' }));
    fireEvent.click(screen.getByRole('button', { name: 'Pay' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe(`${PAY_URL}&sessionId=s1`));
    const calls = api.calls('/v3/loan-details/generate-vcode');
    expect(calls).toHaveLength(1);
    const body = bodyOf(calls[0]![1]);
    expect(body.get('channelNumber')).toBe('90012');
    expect(body.get('amount')).toBe('327300');
    expect(body.get('orderId')).toBe('12');
    expect(body.get('productId')).toBe('4');
  });

  it('Payment with the default channel sends GCash; an http payUrl leaves the app', async () => {
    const api = setup({}, ok({ payUrl: 'https://pay.example.ph/c/1', payCode: '1', expiresAt: '' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Payment Method' }));
    fireEvent.click(screen.getByRole('button', { name: 'Pay' }));
    await waitFor(() => expect(openExternal).toHaveBeenCalledWith('https://pay.example.ph/c/1'));
    expect(bodyOf(api.calls('/v3/loan-details/generate-vcode')[0]![1]).get('channelNumber')).toBe('90011');
  });

  it('stays put with the picker open when the code cannot be issued', async () => {
    setup({}, fail('409', 'Nothing is owed on this loan'));
    fireEvent.click(await screen.findByRole('button', { name: 'Payment Method' }));
    fireEvent.click(screen.getByRole('button', { name: 'Pay' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Pay' }).hasAttribute('disabled')).toBe(false));
    expect(screen.getByRole('dialog', { name: 'Payment Method' })).toBeTruthy();
    expect(screen.queryByTestId('where')).toBeNull();
  });

  it('offers the whole loan off today with the interest it saves, once the agreement allows it', async () => {
    const payoff = {
      amount: 310_050,
      asOf: '2025-09-20',
      earlyAllowed: true,
      earlyFrom: '2025-09-01',
      principal: 300_000,
      interest: 10_050,
      minimumInterest: 0,
      fees: 0,
      penalties: 0,
      interestSaved: 17_250,
    };
    setup({ payoff });
    const card = await screen.findByRole('region', { name: 'Pay off the whole loan today' });
    expect(within(card).getByText('₱3,100.50')).toBeTruthy();
    expect(within(card).getByText('This saves you ₱172.50 of interest. Pay this amount with your pay code below.')).toBeTruthy();
    expect(within(card).queryByText(/Before Sep 1, 2025/)).toBeNull();
  });

  it('before the early-repayment day, shows the payoff with the interest to that day it includes', async () => {
    const payoff = BEFORE_THE_EARLY_DAY;
    setup({ payoff });
    const card = await screen.findByRole('region', { name: 'Pay off the whole loan today' });
    expect(within(card).getByText('₱3,114.00')).toBeTruthy();
    expect(
      within(card).getByText(
        'Before Sep 1, 2025, the early-repayment day in your agreement, paying the whole loan off includes ₱48.00 of interest for the days from today to Sep 1, 2025. From that day, you pay interest only up to the day you pay.',
      ),
    ).toBeTruthy();
    expect(within(card).getByText('This saves you ₱159.00 of interest. Pay this amount with your pay code below.')).toBeTruthy();
  });

  it('says from when a payoff costs interest only to the day, when paying off now saves nothing', async () => {
    const payoff = {
      amount: 327_300,
      asOf: '2025-08-20',
      earlyAllowed: false,
      earlyFrom: '2025-09-01',
      principal: 300_000,
      interest: 27_300,
      minimumInterest: 0,
      fees: 0,
      penalties: 0,
      interestSaved: 0,
    };
    setup({ payoff });
    expect(
      await screen.findByText('From Sep 1, 2025, paying the whole loan off costs the principal you still owe plus interest only up to the day you pay.'),
    ).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Pay off the whole loan today' })).toBeNull();
  });

  it('when closing the loan today costs less than the next payment, leads with that and names the next payment beside it', async () => {
    const payoff = BEFORE_THE_EARLY_DAY;
    setup({ payoff, repayAmount: 311_400, nextPayment: 327_300 });
    const headline = await screen.findByRole('region', { name: 'Pay off the whole loan today' });
    expect(within(headline).getByText('₱3,114.00')).toBeTruthy();
    expect(within(headline).getByText('Or ₱3,273.00 on Oct 15, 2025, your due date.')).toBeTruthy();
    // Said once: no "Amount due" beside a date it is not due on, no second payoff card.
    expect(screen.queryByRole('region', { name: 'Amount due' })).toBeNull();
    expect(screen.getAllByText('₱3,114.00')).toHaveLength(1);
    expect(within(headline).getByText(/^Before Sep 1, 2025, the early-repayment day/)).toBeTruthy();
    expect(within(headline).getByText('This saves you ₱159.00 of interest. Pay this amount with your pay code below.')).toBeTruthy();
  });
});
