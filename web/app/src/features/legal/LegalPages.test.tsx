import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@hiram/shared/testing/mockApi';
import { loanTerms as loanTermsFil } from './content/loanTerms.fil';
import { loanTerms } from './content/loanTerms.en';
import { privacyPolicy as privacyFil } from './content/privacyPolicy.fil';
import { privacyPolicy } from './content/privacyPolicy.en';
import LoanTermsPage from './LoanTermsPage';
import PrivacyPolicyPage from './PrivacyPolicyPage';

const INFO = { companyName: 'Hiram Lending Corporation', secRegistrationNo: 'CS201900001', certificateOfAuthorityNo: '3001', email: 'help@hiram.ph' };

function renderAt(url: string, page: React.ReactNode) {
  mockApi({ '/public/company-info': { code: '00', message: '', data: INFO } });
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={[url]}>{page}</MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('legal pages', () => {
  it('privacy policy: header, sections and the company filled in', async () => {
    renderAt('/privacyPolicy', <PrivacyPolicyPage />);
    expect(screen.getByRole('banner')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: /Minors/ })).toBeTruthy();
    expect(screen.getByText('Effective 2026-11-22')).toBeTruthy();
    expect(await screen.findByText(/Write to the Data Protection Officer of Hiram Lending Corporation at help@hiram\.ph/)).toBeTruthy();
  });

  it('loan terms with ?embed=1 have no app header', async () => {
    renderAt('/loanTerms?embed=1', <LoanTermsPage />);
    expect(screen.queryByRole('banner')).toBeNull();
    expect(screen.getByRole('heading', { level: 1, name: 'Loan terms and conditions' })).toBeTruthy();
    expect(await screen.findByRole('heading', { name: /Fair collection/ })).toBeTruthy();
    expect(await screen.findByText(/SEC Registration No\. CS201900001, Certificate of Authority No\. 3001/)).toBeTruthy();
  });

  it('Filipino texts have the same shape as the English ones', () => {
    for (const [en, fil] of [[privacyPolicy, privacyFil], [loanTerms, loanTermsFil]] as const) {
      expect(fil.effective).toBe(en.effective);
      expect(fil.sections.map((s) => s.body.map((b) => (typeof b === 'string' ? 1 : b.length)))).toEqual(
        en.sections.map((s) => s.body.map((b) => (typeof b === 'string' ? 1 : b.length))),
      );
    }
  });
});
