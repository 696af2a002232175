import { QueryClient } from '@tanstack/react-query';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@hiram/shared/testing/mockApi';
import { queryDefaults } from '../../app/queryClient';
import type * as Leave from '../../lib/leave';
import { replacePage } from '../../lib/leave';
import { nativeHandler, ok, fail, renderRoute, resetBridge } from '../../testing/renderRoute';
import type { LoanConfirm } from './api/getLoanConfirm';
import NewLoanConfirmPage, { prefetch } from './NewLoanConfirmPage';
import { HOST_BACK_EVENT } from './useConfirmFlow';

vi.mock('../../lib/leave', async (importOriginal) => ({
  ...(await importOriginal<typeof Leave>()),
  replacePage: vi.fn(),
  openExternal: vi.fn(),
}));

const CONFIRM: LoanConfirm = {
  comProductLogo: '/logo.png',
  comProductName: 'Bayanihan Cash Express',
  amount: 300_000,
  periods: 1,
  termUnit: 'days',
  termDays: 91,
  details: [
    { text: 'Interest', value: '₱364.00' },
    { text: 'Total repayment', value: '₱3,364.00' },
  ],
  repay_plans: [{ title: 'Payment 1/1', description: '₱3,000.00 + ₱364.00', amount: 336_400, pay_time: '2025-09-30' }],
  firstPayTime: '2025-09-30',
  firstPeriodDay: 91,
  pRateDsc: 'Interest 4% a month',
  sendSms: 0,
  isPopType: 0,
  popContent: '',
  popTitle: '',
  popAgreementUrl: '',
  NewButtonMsg: 'Confirm and receive the money',
  NewPopMsg: '',
};

const PAGE_URL = '/newLoanConfirm?sessionId=s1&product_id=4&orderId=12';

function setup(overrides: Partial<LoanConfirm> = {}, push: unknown = ok({ lendDetailsUrl: '/loanDetails?productId=4&orderId=12' })) {
  const api = mockApi({
    '/gopia/goya/satire': ok({ ...CONFIRM, ...overrides }),
    '/gopia/goya/cultures': ok({ data: [{ title: 'Loan agreement', position: 0 }, { title: 'Disclosure statement', position: 1 }] }),
    '/gopia/goya/misunderstood': ok({ contract_url: '/loanAgreement?orderId=12&doc=agreement' }),
    '/gopia/goya/depush': push,
  });
  renderRoute(PAGE_URL, '/newLoanConfirm', <NewLoanConfirmPage />);
  return api;
}

beforeEach(() => vi.mocked(replacePage).mockClear());
afterEach(() => {
  vi.unstubAllGlobals();
  resetBridge();
});

describe('loan confirmation, older variant', () => {
  it('shows amount, product, due date, loan details and payment schedule, from the older paths', async () => {
    const api = setup();
    expect(await screen.findByText('₱3,000.00')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Bayanihan Cash Express' })).toBeTruthy();
    // Dates as a borrower reads them (the shared formatDay), never ISO.
    expect(screen.getByText('Due date').nextElementSibling?.textContent).toBe('Sep 30, 2025');
    expect(screen.getByRole('region', { name: 'Loan details' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Payment schedule' })).toBeTruthy();
    expect(screen.getByText('₱3,364.00', { selector: 'strong' })).toBeTruthy();
    // POST satire and GET cultures, form-encoded (spec §7); product_id fills productId.
    const [, satire] = api.calls('/gopia/goya/satire')[0]!;
    expect(satire?.method).toBe('POST');
    expect(satire?.body).toBe('productId=4&orderId=12');
    const [culturesUrl, cultures] = api.calls('/gopia/goya/cultures')[0]!;
    expect(cultures?.method).toBe('GET');
    expect(new URL(culturesUrl, 'http://x').searchParams.get('scene')).toBe('3');
    expect(api.calls('/v3/loan-confirm/loan-detail-confirm')).toHaveLength(0);
  });

  it('labels the date as the first payment when the plan has several', async () => {
    setup({ periods: 3 });
    expect((await screen.findByText('First due date')).nextElementSibling?.textContent).toBe('Sep 30, 2025');
  });

  it('the button says what the server says; with no agreement modal the box starts unticked and the button does nothing', async () => {
    const api = setup();
    const button = (await screen.findByRole('button', { name: 'Confirm and receive the money' })) as HTMLButtonElement;
    const box = screen.getByRole('checkbox', { name: /agree to the loan documents/ }) as HTMLInputElement;
    expect(box.checked).toBe(false);
    expect(button.disabled).toBe(true);
    fireEvent.click(button);
    await new Promise((r) => setTimeout(r, 0));
    expect(api.calls('/gopia/goya/depush')).toHaveLength(0);
    fireEvent.click(box);
    expect(button.disabled).toBe(false);
  });

  it('names the act itself when the server gives no button text', async () => {
    setup({ NewButtonMsg: '' });
    expect(await screen.findByRole('button', { name: /^Agree and borrow ₱[\d,]+\.\d\d$/ })).toBeTruthy();
  });

  it('confirms through depush with the act, then replaces the page with lendDetailsUrl + query + from=confirm', async () => {
    const api = setup();
    fireEvent.click(await screen.findByRole('checkbox', { name: /agree to the loan documents/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Confirm and receive the money' }));
    await waitFor(() => expect(replacePage).toHaveBeenCalled());
    expect(api.calls('/gopia/goya/depush')[0]![1]?.body).toBe('amount=300000&periods=1&termUnit=days&productId=4&orderId=12&act=checkbox');
    expect(replacePage).toHaveBeenCalledWith('/loanDetails?productId=4&orderId=12&sessionId=s1&product_id=4&from=confirm');
  });

  it('a refused confirmation shows the server message and stays', async () => {
    setup({}, fail('400', 'The amount or the number of payments does not match the approved loan.'));
    const button = (await screen.findByRole('button', { name: 'Confirm and receive the money' })) as HTMLButtonElement;
    fireEvent.click(screen.getByRole('checkbox', { name: /agree to the loan documents/ }));
    fireEvent.click(button);
    await waitFor(() => expect(button.disabled).toBe(false));
    expect(replacePage).not.toHaveBeenCalled();
  });

  it('a document link asks misunderstood (GET) and opens the document', async () => {
    const api = setup();
    fireEvent.click(await screen.findByRole('button', { name: 'Loan agreement' }));
    expect((await screen.findByTestId('where')).textContent).toBe('/loanAgreement?orderId=12&doc=agreement&sessionId=s1');
    const [url, init] = api.calls('/gopia/goya/misunderstood')[0]!;
    expect(init?.method).toBe('GET');
    expect(new URL(url, 'http://x').searchParams.get('position')).toBe('0');
  });

  it('shows the promotional pop-up with a close icon once the agreement is agreed to', async () => {
    setup({ popAgreementUrl: '/loanAgreement?orderId=12&doc=disclosure', NewPopMsg: 'Repay on time and borrow again quickly.' });
    const agreement = await screen.findByRole('dialog', { name: 'Loan agreement' });
    expect(screen.queryByText('Repay on time and borrow again quickly.')).toBeNull();
    fireEvent.click(agreement.querySelector('.h-modal-actions .h-btn:not(.h-btn--ghost)')!);
    const promotion = screen.getByRole('dialog', { name: 'Good to know' });
    expect(promotion.textContent).toContain('Repay on time and borrow again quickly.');
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    // Agree ticked the box; the promotion's close did not undo it.
    expect((screen.getByRole('checkbox', { name: /agree to the loan documents/ }) as HTMLInputElement).checked).toBe(true);
  });

  it('agreement modal: Cancel closes the web view', async () => {
    const close = nativeHandler('closeWebview');
    setup({ popAgreementUrl: '/loanAgreement?orderId=12&doc=disclosure' });
    await screen.findByRole('dialog', { name: 'Loan agreement' });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(close).toHaveBeenCalledWith('{}');
  });

  it('with isPopType 1, the host back signal brings the retention pop-up', async () => {
    setup({ isPopType: 1, popTitle: 'Your loan is approved', popContent: 'Your money is ready to send.' });
    await screen.findByRole('button', { name: 'Confirm and receive the money' });
    act(() => void window.dispatchEvent(new Event(HOST_BACK_EVENT)));
    expect(screen.getByRole('dialog', { name: 'Your loan is approved' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Agree' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('loan confirmation, older variant, called by the start-up', () => {
  it("asks the older paths at the start-up (product_id spelling) and shows their answers on the first arrival without asking again", async () => {
    const api = mockApi({
      '/gopia/goya/satire': ok(CONFIRM),
      '/gopia/goya/cultures': ok({ data: [{ title: 'Loan agreement', position: 0 }] }),
    });
    window.history.replaceState(null, '', PAGE_URL);
    const client = new QueryClient({ defaultOptions: queryDefaults });
    void prefetch(client, new URLSearchParams('product_id=4&orderId=12'));
    expect(api.calls('/gopia/goya/satire')).toHaveLength(1);
    expect(api.calls('/gopia/goya/cultures')).toHaveLength(1);
    await waitFor(() => expect(client.isFetching()).toBe(0));
    renderRoute(PAGE_URL, '/newLoanConfirm', <NewLoanConfirmPage />, client);
    expect(await screen.findByText('Loan agreement')).toBeTruthy();
    await new Promise((r) => setTimeout(r, 0));
    expect(api.calls('/gopia/goya/satire')).toHaveLength(1);
    expect(api.calls('/gopia/goya/cultures')).toHaveLength(1);
  });
});
