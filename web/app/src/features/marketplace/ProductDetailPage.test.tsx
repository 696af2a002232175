import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@hiram/shared/testing/mockApi';
import { fail, ok, renderRoute } from '../../testing/renderRoute';
import type { ProductDetail } from './api/getProductDetail';
import type { QuoteView } from './api/getQuote';
import ProductDetailPage from './ProductDetailPage';

const quote = (amount: number): QuoteView => ({
  amount,
  interest: Math.round(amount * 0.12),
  fees: Math.round(amount * 0.03),
  netProceeds: amount - Math.round(amount * 0.03),
  totalRepayable: amount + Math.round(amount * 0.12),
  financeCharge: Math.round(amount * 0.15),
  termDays: 91,
  nominalMonthlyRate: '4.00%',
  effectiveMonthlyRate: '4.99%',
  actuarialMonthlyRate: '4.99%',
  plan: [{ number: 1, dueAfterDays: 91, amount: amount + Math.round(amount * 0.12), principal: amount, interest: Math.round(amount * 0.12) }],
  ruleSet: {
    code: 'SEC-MC-14-2025',
    source: 'SEC Memorandum Circular No. 14, series of 2025',
    inForceFrom: '2026-04-01',
    maxPrincipal: 1_000_000,
    maxTermMonths: 4,
    nominalMonthlyBp: 600,
    eirMonthlyBp: 1200,
    penaltyMonthlyBp: 500,
    totalCostBp: 10_000,
    covers: true,
  },
});

const DETAIL: ProductDetail = {
  id: 4,
  name: 'Bayanihan Cash Express',
  logo: '',
  lenderName: 'Bayanihan Cash',
  lenderCorporateName: 'Bayanihan Cash Lending Corp. (demo)',
  secRegistrationNo: 'CS201900001',
  certificateOfAuthorityNo: '3001',
  minAmount: 100_000,
  maxAmount: 1_000_000,
  amountStep: 10_000,
  periods: 1,
  periodDays: 91,
  termDays: 91,
  rateDescription: '4.00% interest a month · effective rate 4.99% a month',
  tags: ['Fast approval'],
  available: true,
  allowsExtension: true,
  limit: 500_000,
  limitReason: 'Your limit is ₱5,000.00 for now. Repay this loan on time and it grows to ₱7,000.00.',
  sample: quote(500_000),
};

function setup(url: string, extra: Record<string, unknown> = {}, detail: Partial<ProductDetail> = {}) {
  const api = mockApi({
    '/v3/product/detail': ok({ ...DETAIL, ...detail }),
    '/v3/product/quote': (_url: string, init?: RequestInit) => {
      const amount = Number(new URLSearchParams(String(init?.body)).get('amount'));
      return ok(quote(amount));
    },
    ...extra,
  });
  renderRoute(url, '/productDetail', <ProductDetailPage />);
  return api;
}

afterEach(() => vi.unstubAllGlobals());

describe('product detail', () => {
  it('starts at the limit with the sample quote and the lender’s registration', async () => {
    const api = setup('/productDetail?sessionId=s1&productId=4');
    expect(await screen.findByText('₱5,000.00', { selector: 'output' })).toBeTruthy();
    expect(screen.getByText('₱5,600.00', { selector: 'dd' })).toBeTruthy();
    expect(screen.getByText('4.99%')).toBeTruthy();
    expect(screen.getByText(/Bayanihan Cash Lending Corp\. \(demo\) · SEC Reg\. No\. CS201900001 · CA No\. 3001/)).toBeTruthy();
    // The cap is min(limit, max): the slider stops at the limit.
    expect(screen.getByRole('slider', { name: 'Loan amount' }).getAttribute('max')).toBe('500000');
    expect((screen.getByRole('button', { name: 'Increase amount' }) as HTMLButtonElement).disabled).toBe(true);
    // Why it stops there, and how the limit grows, beside the slider it explains.
    const slider = screen.getByRole('slider', { name: 'Loan amount' });
    const reason = document.getElementById(slider.getAttribute('aria-describedby') ?? '');
    expect(reason?.textContent).toBe('Your limit is ₱5,000.00 for now. Repay this loan on time and it grows to ₱7,000.00.');
    expect(api.calls('/v3/product/quote')).toHaveLength(0);
  });

  it('updates the quote when the amount changes', async () => {
    const api = setup('/productDetail?sessionId=s1&productId=4');
    fireEvent.click(await screen.findByRole('button', { name: 'Decrease amount' }));
    expect(screen.getByText('₱4,900.00', { selector: 'output' })).toBeTruthy();
    await waitFor(() => expect(screen.getByText('₱5,488.00', { selector: 'dd' })).toBeTruthy());
    expect(api.calls('/v3/product/quote').at(-1)![1]?.body).toBe('productId=4&amount=490000');
    fireEvent.change(screen.getByRole('slider', { name: 'Loan amount' }), { target: { value: '300000' } });
    await waitFor(() => expect(screen.getByText('₱3,360.00', { selector: 'dd' })).toBeTruthy());
  });

  it('takes the amount from the query (back from KYC)', async () => {
    setup('/productDetail?sessionId=s1&productId=4&amount=300000');
    expect(await screen.findByText('₱3,000.00', { selector: 'output' })).toBeTruthy();
  });

  it('sends a borrower without a session to log in and back', async () => {
    setup('/productDetail?productId=4', {}, { limit: null, sample: quote(1_000_000) });
    fireEvent.click(await screen.findByRole('button', { name: 'Apply now' }));
    expect(screen.getByTestId('where').textContent).toBe(
      `/login?redirect=${encodeURIComponent('/productDetail?productId=4&amount=1000000')}`,
    );
  });

  it('a 409 for missing KYC goes to /certify with the product and amount', async () => {
    setup('/productDetail?sessionId=s1&productId=4', {
      '/v3/product/apply': fail('409', 'Please complete your details first.', { nextUrl: '/certify' }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Apply now' }));
    await waitFor(() =>
      expect(screen.getByTestId('where').textContent).toBe('/certify?sessionId=s1&productId=4&amount=500000'),
    );
  });

  it('an approved application goes to the confirm page', async () => {
    const api = setup('/productDetail?sessionId=s1&productId=4', {
      '/v3/product/apply': ok({ orderId: 31, status: 151, nextUrl: '/loanConfirm?productId=4&orderId=31' }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Apply now' }));
    await waitFor(() =>
      expect(screen.getByTestId('where').textContent).toBe('/loanConfirm?productId=4&orderId=31&sessionId=s1'),
    );
    expect(api.calls('/v3/product/apply')[0]![1]?.body).toBe('productId=4&amount=500000');
  });

  it('cannot apply for an unavailable product', async () => {
    setup('/productDetail?sessionId=s1&productId=4', {}, { available: false });
    expect(((await screen.findByRole('button', { name: 'Apply now' })) as HTMLButtonElement).disabled).toBe(true);
  });
});
