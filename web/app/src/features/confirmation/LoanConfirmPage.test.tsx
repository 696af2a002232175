import { QueryClient } from '@tanstack/react-query';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { StrictMode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@hiram/shared/testing/mockApi';
import { queryDefaults } from '../../app/queryClient';
import type * as Leave from '../../lib/leave';
import { replacePage } from '../../lib/leave';
import { nativeHandler, ok, renderRoute, resetBridge } from '../../testing/renderRoute';
import type { LoanConfirm } from './api/getLoanConfirm';
import LoanConfirmPage, { prefetch } from './LoanConfirmPage';
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
  repay_plans: [{ title: 'Payment 1', description: 'Principal and interest', amount: 336_400, pay_time: '2025-09-30' }],
  firstPayTime: '2025-09-30',
  firstPeriodDay: 91,
  pRateDsc: 'Interest 4% a month',
  sendSms: 0,
  isPopType: 0,
  popContent: '',
  popTitle: '',
  popAgreementUrl: '',
  NewButtonMsg: '',
  NewPopMsg: '',
};

const URL = '/loanConfirm?sessionId=s1&productId=4&orderId=12';

function setup(overrides: Partial<LoanConfirm> = {}) {
  const api = mockApi({
    '/v3/loan-confirm/loan-detail-confirm': ok({ ...CONFIRM, ...overrides }),
    '/v3/contract/contract': ok({ data: [{ title: 'Loan agreement', position: 0 }, { title: 'Disclosure statement', position: 1 }] }),
    '/v3/contract/contract-jump': ok({ contract_url: '/loanAgreement?orderId=12&doc=disclosure' }),
    '/v3/loan-confirm/loan-detail-push': ok({ lendDetailsUrl: '/loanDetails?productId=4&orderId=12' }),
  });
  renderRoute(URL, '/loanConfirm', <LoanConfirmPage />);
  return api;
}

beforeEach(() => vi.mocked(replacePage).mockClear());
afterEach(() => {
  vi.unstubAllGlobals();
  resetBridge();
});

describe('loan confirm V3', () => {
  it('shows amount, term in days, rate, loan details and payment schedule, dates as a borrower reads them; asks with the order', async () => {
    const api = setup();
    expect(await screen.findByText('₱3,000.00')).toBeTruthy();
    expect(screen.getByText('91 days')).toBeTruthy();
    expect(screen.getByText('Interest 4% a month')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Loan details' })).toBeTruthy();
    expect(screen.getByText('₱3,364.00', { selector: 'dd' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Payment schedule' })).toBeTruthy();
    expect(screen.getByText('First due date').nextElementSibling?.textContent).toBe('Sep 30, 2025');
    // The date is for money sent today: the payout's day fixes the schedule.
    expect(screen.getByText(/Due dates count from the day the money is sent/)).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Payment schedule' })).getByRole('listitem').textContent).toContain('Sep 30, 2025');
    expect(document.body.textContent).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    expect(screen.getByText('₱3,364.00', { selector: 'strong' })).toBeTruthy();
    expect(api.calls('/v3/loan-confirm/loan-detail-confirm')[0]![1]?.body).toBe('productId=4&orderId=12');
    expect(api.calls('/v3/contract/contract')[0]![1]?.body).toBe('productId=4&scene=3&orderId=12');
  });

  it('with no agreement modal, starts unticked: the button that names the act is disabled and does nothing until the borrower ticks', async () => {
    const api = setup();
    const box = (await screen.findByRole('checkbox', { name: /agree to the loan documents/ })) as HTMLInputElement;
    const next = screen.getByRole('button', { name: 'Agree and borrow ₱3,000.00' }) as HTMLButtonElement;
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(box.checked).toBe(false);
    expect(next.disabled).toBe(true);
    fireEvent.click(next);
    await new Promise((r) => setTimeout(r, 0));
    expect(api.calls('/v3/loan-confirm/loan-detail-push')).toHaveLength(0);
    fireEvent.click(box);
    expect(box.checked).toBe(true);
    expect(next.disabled).toBe(false);
    fireEvent.click(box);
    expect(next.disabled).toBe(true);
  });

  it("Next after the borrower's own tick pushes with act=checkbox, then replaces the page with lendDetailsUrl + query + from=confirm", async () => {
    const api = setup();
    fireEvent.click(await screen.findByRole('checkbox', { name: /agree to the loan documents/ }));
    fireEvent.click(screen.getByRole('button', { name: /^Agree and borrow ₱/ }));
    await waitFor(() => expect(replacePage).toHaveBeenCalled());
    expect(api.calls('/v3/loan-confirm/loan-detail-push')[0]![1]?.body).toBe(
      'amount=300000&periods=1&termUnit=days&productId=4&orderId=12&act=checkbox',
    );
    expect(replacePage).toHaveBeenCalledWith('/loanDetails?productId=4&orderId=12&sessionId=s1&from=confirm');
  });

  it('Agree in the agreement modal ticks the box, and Next pushes with act=agree_button', async () => {
    const api = setup({ popAgreementUrl: '/loanAgreement?orderId=12&doc=agreement' });
    const dialog = await screen.findByRole('dialog', { name: 'Loan agreement' });
    const box = screen.getByRole('checkbox', { name: /agree to the loan documents/, hidden: true }) as HTMLInputElement;
    expect(box.checked).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Agree' }));
    expect(box.checked).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: /^Agree and borrow ₱/ }));
    await waitFor(() => expect(replacePage).toHaveBeenCalled());
    expect(new URLSearchParams(String(api.calls('/v3/loan-confirm/loan-detail-push')[0]![1]?.body)).get('act')).toBe('agree_button');
  });

  it('a box ticked by Agree, cleared and ticked again, is the borrower\'s own tick', async () => {
    const api = setup({ popAgreementUrl: '/loanAgreement?orderId=12&doc=agreement' });
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Loan agreement' })).getByRole('button', { name: 'Agree' }));
    const box = screen.getByRole('checkbox', { name: /agree to the loan documents/ });
    fireEvent.click(box);
    fireEvent.click(box);
    fireEvent.click(screen.getByRole('button', { name: /^Agree and borrow ₱/ }));
    await waitFor(() => expect(replacePage).toHaveBeenCalled());
    expect(new URLSearchParams(String(api.calls('/v3/loan-confirm/loan-detail-push')[0]![1]?.body)).get('act')).toBe('checkbox');
  });

  it('opens no agreement modal when popAgreementUrl is empty', async () => {
    setup();
    await screen.findByRole('button', { name: /^Agree and borrow ₱/ });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('opens the agreement modal when popAgreementUrl is set: Agree closes it', async () => {
    setup({ popAgreementUrl: '/loanAgreement?orderId=12&doc=agreement' });
    const dialog = await screen.findByRole('dialog', { name: 'Loan agreement' });
    expect(dialog).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.getByRole('dialog')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Agree' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('"Read the loan agreement" opens the agreement; back from reading, the modal is not asked again and the box waits unticked', async () => {
    setup({ popAgreementUrl: '/loanAgreement?orderId=12&doc=agreement' });
    const dialog = await screen.findByRole('dialog', { name: 'Loan agreement' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Read the loan agreement' }));
    expect((await screen.findByTestId('where')).textContent).toBe('/loanAgreement?orderId=12&doc=agreement&sessionId=s1');
    cleanup();
    setup({ popAgreementUrl: '/loanAgreement?orderId=12&doc=agreement' });
    const next = (await screen.findByRole('button', { name: /^Agree and borrow ₱/ })) as HTMLButtonElement;
    expect(screen.queryByRole('dialog')).toBeNull();
    expect((screen.getByRole('checkbox', { name: /agree to the loan documents/ }) as HTMLInputElement).checked).toBe(false);
    expect(next.disabled).toBe(true);
  });

  it('Agree on one visit does not tick the box on the next: back from a document, the borrower ticks it', async () => {
    setup({ popAgreementUrl: '/loanAgreement?orderId=12&doc=agreement' });
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Loan agreement' })).getByRole('button', { name: 'Agree' }));
    expect((screen.getByRole('checkbox', { name: /agree to the loan documents/ }) as HTMLInputElement).checked).toBe(true);
    cleanup();
    setup({ popAgreementUrl: '/loanAgreement?orderId=12&doc=agreement' });
    await screen.findByRole('button', { name: /^Agree and borrow ₱/ });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect((screen.getByRole('checkbox', { name: /agree to the loan documents/ }) as HTMLInputElement).checked).toBe(false);
  });

  it("the header's back brings the retention pop-up when isPopType is 1", async () => {
    setup({ isPopType: 1, popTitle: 'Wait!', popContent: 'Your money is one tap away.' });
    await screen.findByRole('button', { name: /^Agree and borrow ₱/ });
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('dialog', { name: 'Wait!' })).toBeTruthy();
    expect(screen.queryByTestId('where')).toBeNull();
  });

  it('agreement modal: Cancel closes the web view', async () => {
    const close = nativeHandler('closeWebview');
    setup({ popAgreementUrl: '/loanAgreement?orderId=12&doc=agreement' });
    await screen.findByRole('dialog', { name: 'Loan agreement' });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(close).toHaveBeenCalledWith('{}');
  });

  it('shows the retention pop-up when the host signals back and isPopType is 1', async () => {
    const close = nativeHandler('closeWebview');
    setup({ isPopType: 1, popTitle: 'Wait!', popContent: 'Your money is one tap away.' });
    await screen.findByRole('button', { name: /^Agree and borrow ₱/ });
    act(() => void window.dispatchEvent(new Event(HOST_BACK_EVENT)));
    expect(screen.getByRole('dialog', { name: 'Wait!' })).toBeTruthy();
    expect(screen.getByText('Your money is one tap away.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Agree' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    act(() => void window.dispatchEvent(new Event(HOST_BACK_EVENT)));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(close).toHaveBeenCalled();
  });

  it('ignores the host back signal when isPopType is 0', async () => {
    setup();
    await screen.findByRole('button', { name: /^Agree and borrow ₱/ });
    act(() => void window.dispatchEvent(new Event(HOST_BACK_EVENT)));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('a contract link asks contract-jump and opens the document', async () => {
    const api = setup();
    fireEvent.click(await screen.findByRole('button', { name: 'Disclosure statement' }));
    expect((await screen.findByTestId('where')).textContent).toBe('/loanAgreement?orderId=12&doc=disclosure&sessionId=s1');
    expect(api.calls('/v3/contract/contract-jump')[0]![1]?.body).toBe('productId=4&scene=3&position=1&orderId=12');
  });
});

describe('loan confirm V3, called by the start-up', () => {
  const mountPage = (client: QueryClient) =>
    renderRoute(
      URL,
      '/loanConfirm',
      <StrictMode>
        <LoanConfirmPage />
      </StrictMode>,
      client,
    );
  const routes = {
    '/v3/loan-confirm/loan-detail-confirm': ok(CONFIRM),
    '/v3/contract/contract': ok({ data: [{ title: 'Loan agreement', position: 0 }] }),
  };

  it.each([
    ['still on its way', false],
    ['already answered', true],
  ])("shows the start-up's calls %s on the first arrival without making them again", async (_, answered) => {
    const api = mockApi(routes);
    window.history.replaceState(null, '', URL);
    const client = new QueryClient({ defaultOptions: queryDefaults });
    void prefetch(client, new URLSearchParams('productId=4&orderId=12'));
    // The calls went out at the start-up, before the page.
    expect(api.calls('/v3/loan-confirm/loan-detail-confirm')).toHaveLength(1);
    expect(api.calls('/v3/contract/contract')).toHaveLength(1);
    if (answered) await waitFor(() => expect(client.isFetching()).toBe(0));
    mountPage(client);
    expect(await screen.findByText('Loan agreement')).toBeTruthy();
    expect(screen.getByText('₱3,000.00')).toBeTruthy();
    await new Promise((r) => setTimeout(r, 0));
    expect(api.calls('/v3/loan-confirm/loan-detail-confirm')).toHaveLength(1);
    expect(api.calls('/v3/contract/contract')).toHaveLength(1);
  });

  it('asks for the figures again on every later arrival: the start-up answer counts once', async () => {
    const api = mockApi(routes);
    window.history.replaceState(null, '', URL);
    const client = new QueryClient({ defaultOptions: queryDefaults });
    void prefetch(client, new URLSearchParams('productId=4&orderId=12'));
    await waitFor(() => expect(client.isFetching()).toBe(0));
    mountPage(client).unmount();
    mountPage(client);
    expect(await screen.findByText('₱3,000.00')).toBeTruthy();
    await waitFor(() => expect(api.calls('/v3/loan-confirm/loan-detail-confirm')).toHaveLength(2));
  });
});
