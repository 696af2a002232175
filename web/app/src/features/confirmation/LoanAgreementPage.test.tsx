import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@hiram/shared/testing/mockApi';
import { ok, renderRoute } from '../../testing/renderRoute';
import LoanAgreementPage from './LoanAgreementPage';

afterEach(() => vi.unstubAllGlobals());

describe('loan agreement page', () => {
  it('renders the disclosure table and the schedule with the money formatter', async () => {
    const api = mockApi({
      '/v3/contract/loan-agreement-detail': ok({
        title: 'Disclosure Statement on Loan Transaction',
        accepted: false,
        acceptedAt: '',
        sections: [{ heading: 'Notes', paragraphs: ['Figures in Philippine pesos.'] }],
        disclosure: {
          rows: [
            { label: 'Amount financed', value: '₱3,000.00' },
            { label: 'Finance charge', value: 45_600 },
          ],
          schedule: [{ number: 1, dueDate: '2025-09-30', amount: 336_400 }],
        },
      }),
    });
    renderRoute('/loanAgreement?sessionId=s1&orderId=12&doc=disclosure', '/loanAgreement', <LoanAgreementPage />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Disclosure Statement on Loan Transaction' })).toBeTruthy();
    expect(screen.getByRole('rowheader', { name: 'Finance charge' }).nextElementSibling?.textContent).toBe('₱456.00');
    expect(screen.getByRole('cell', { name: '₱3,364.00' })).toBeTruthy();
    expect(screen.getByRole('cell', { name: 'Sep 30, 2025' })).toBeTruthy();
    expect(screen.getByText('Figures in Philippine pesos.')).toBeTruthy();
    expect(api.calls('/v3/contract/loan-agreement-detail')[0]![1]?.body).toBe('orderId=12&doc=disclosure');
  });

  it('renders the agreement sections and when it was accepted', async () => {
    mockApi({
      '/v3/contract/loan-agreement-detail': ok({
        title: 'Loan Agreement',
        accepted: true,
        acceptedAt: '2025-07-01',
        sections: [{ heading: '1. The loan', paragraphs: ['The lender lends ₱3,000.00.'] }],
        disclosure: null,
      }),
    });
    renderRoute('/loanAgreement?sessionId=s1&orderId=12&doc=agreement', '/loanAgreement', <LoanAgreementPage />);
    expect(await screen.findByRole('heading', { name: '1. The loan' })).toBeTruthy();
    expect(screen.getByText('Accepted on Jul 1, 2025')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    // The copy to keep (decision 089), with the page's session and language.
    const copy = new URL(screen.getByRole('link', { name: 'Download your copy (PDF)' }).getAttribute('href') ?? '', 'http://app');
    expect(copy.pathname).toBe('/pany/v3/contract/loan-copy');
    expect([copy.searchParams.get('orderId'), copy.searchParams.get('lang'), copy.searchParams.get('sessionId')]).toEqual(['12', 'en', 's1']);
  });

  it('offers no copy before the loan is accepted', async () => {
    mockApi({
      '/v3/contract/loan-agreement-detail': ok({ title: 'Loan Agreement', accepted: false, acceptedAt: '', sections: [{ heading: '1. The loan', paragraphs: [] }], disclosure: null }),
    });
    renderRoute('/loanAgreement?sessionId=s1&orderId=12&doc=agreement', '/loanAgreement', <LoanAgreementPage />);
    expect(await screen.findByRole('heading', { name: '1. The loan' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Download your copy (PDF)' })).toBeNull();
  });
});
