import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLocale } from '@hiram/shared/i18n/i18n';
import { mockApi } from '@hiram/shared/testing/mockApi';
import { loanTerms as loanTermsFil } from './content/loanTerms.fil';
import { loanTerms } from './content/loanTerms.en';
import { privacyPolicy as privacyFil } from './content/privacyPolicy.fil';
import { privacyPolicy } from './content/privacyPolicy.en';
import { RULE_SET_PLACEHOLDERS } from './content/types';
import LoanTermsPage from './LoanTermsPage';
import PrivacyPolicyPage from './PrivacyPolicyPage';

const INFO = { companyName: 'Hiram Lending Corporation', secRegistrationNo: 'CS201900001', certificateOfAuthorityNo: '3001', email: 'help@hiram.ph' };

const RULE_SET = {
  code: 'SEC-MC-14-2025',
  source: 'SEC Memorandum Circular No. 14, series of 2025 (RA 11765 section 6(a))',
  inForceFrom: '2026-04-01',
  maxPrincipal: 1_000_000,
  maxTermMonths: 4,
  nominalMonthlyBp: 600,
  eirMonthlyBp: 1200,
  penaltyMonthlyBp: 500,
  totalCostBp: 10_000,
  covers: true,
};

const TERMS = { code: '00', message: '', data: { title: 'Loan terms', url: '/loanTerms', ruleSet: RULE_SET } };

function renderAt(url: string, page: React.ReactNode, terms: unknown = TERMS) {
  const api = mockApi({ '/public/company-info': { code: '00', message: '', data: INFO }, '/v3/contract/agreement': terms });
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={[url]}>{page}</MemoryRouter>
    </QueryClientProvider>,
  );
  return api;
}

afterEach(() => vi.unstubAllGlobals());

describe('legal pages', () => {
  it('privacy policy: header, sections and the company filled in', async () => {
    renderAt('/privacyPolicy', <PrivacyPolicyPage />);
    expect(screen.getByRole('banner')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: /Minors/ })).toBeTruthy();
    expect(screen.getByText('Effective Nov 28, 2026')).toBeTruthy();
    expect(await screen.findByText(/Write to the Data Protection Officer of Hiram Lending Corporation at help@hiram\.ph/)).toBeTruthy();
  });

  it('loan terms with ?embed=1 have no app header', async () => {
    renderAt('/loanTerms?embed=1', <LoanTermsPage />);
    expect(screen.queryByRole('banner')).toBeNull();
    expect(screen.getByRole('heading', { level: 1, name: 'Loan terms and conditions' })).toBeTruthy();
    expect(await screen.findByRole('heading', { name: /Fair collection/ })).toBeTruthy();
    expect(await screen.findByText(/SEC Registration No\. CS201900001, Certificate of Authority No\. 3001/)).toBeTruthy();
  });

  it('loan terms state the ceilings of the rule set in force, from the server, naming its source and first day', async () => {
    const api = renderAt('/loanTerms', <LoanTermsPage />);
    const limits = (await screen.findByRole('heading', { name: /Legal limits for small, short loans/ })).closest('section')!;
    expect(limits.textContent).toContain(
      'For loans made from Apr 1, 2026, that is SEC Memorandum Circular No. 14, series of 2025 (RA 11765 section 6(a)).',
    );
    expect(limits.textContent).toContain('₱10,000.00 or less, and payable within 4 calendar months');
    expect(limits.textContent).toContain('nominal interest of 6.00% a month (about 0.20% a day) on the principal you still owe;');
    expect(limits.textContent).toContain(
      'an effective interest rate of 12.00% a month (about 0.40% a day): interest and every fee except penalties, as a monthly rate on the money you actually receive;',
    );
    expect(limits.textContent).toContain('late-payment penalties of 5.00% a month of the overdue scheduled amount');
    expect(limits.textContent).toContain('100% of the amount you borrowed');
    expect(document.body.textContent).not.toMatch(/15%|1133|\{\w+\}/);
    expect(api.calls('/v3/contract/agreement')).toHaveLength(1);
  });

  it('loan terms: an extension is a renewal with its own disclosure, not a second term of the same length', async () => {
    renderAt('/loanTerms', <LoanTermsPage />);
    const extension = (await screen.findByRole('heading', { name: /Extension/ })).closest('section')!;
    expect(extension.textContent).toContain('how many days each extension moves your due dates, and the extension fee');
    expect(extension.textContent).toContain('An extension is a renewal of your loan. Before you pay, the app shows its own disclosure statement');
    expect(extension.textContent).not.toMatch(/same period/);
    const interest = screen.getByRole('heading', { name: /Interest and fees/ }).closest('section')!;
    expect(interest.textContent).toContain('Interest accrues each day on the principal you still owe (the declining balance)');
  });

  it('loan terms, in Filipino, fill the same figures', async () => {
    await setLocale('fil');
    try {
      renderAt('/loanTerms', <LoanTermsPage />);
      const limits = (await screen.findByRole('heading', { name: /Mga limitasyon ng batas/ })).closest('section')!;
      expect(limits.textContent).toContain('Para sa mga loan na ginawa mula Abr 1, 2026, iyon ang SEC Memorandum Circular No. 14, series of 2025');
      expect(limits.textContent).toContain('effective interest rate na 12.00% kada buwan');
      expect(limits.textContent).not.toMatch(/\{\w+\}/);
    } finally {
      await setLocale('en');
    }
  });

  it('loan terms without the rule set say so, and show no figure of their own', async () => {
    renderAt('/loanTerms', <LoanTermsPage />, { code: '500', message: 'Server error', data: null });
    const limits = (await screen.findByRole('heading', { name: /Legal limits for small, short loans/ })).closest('section')!;
    expect(limits.textContent).toContain('We could not load those ceilings just now');
    expect(limits.textContent).not.toMatch(/%|\{\w+\}/);
    expect(screen.getByRole('heading', { name: /Fair collection/ })).toBeTruthy();
  });

  it('Filipino texts have the same shape as the English ones', () => {
    const shape = (body: readonly (string | readonly string[])[] | undefined) => body?.map((b) => (typeof b === 'string' ? 1 : b.length));
    for (const [en, fil] of [[privacyPolicy, privacyFil], [loanTerms, loanTermsFil]] as const) {
      expect(fil.effective).toBe(en.effective);
      expect(fil.sections.map((s) => shape(s.body))).toEqual(en.sections.map((s) => shape(s.body)));
      expect(fil.sections.map((s) => shape(s.withoutRuleSet))).toEqual(en.sections.map((s) => shape(s.withoutRuleSet)));
    }
  });

  it('the rule-set placeholders in both languages are the ones the page fills', () => {
    for (const doc of [loanTerms, loanTermsFil]) {
      const used = new Set(
        doc.sections.flatMap((s) => s.body.flat()).flatMap((text) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!)),
      );
      for (const name of used) expect([...RULE_SET_PLACEHOLDERS, 'company', 'email', 'sec', 'coa']).toContain(name);
      for (const name of RULE_SET_PLACEHOLDERS) expect(used).toContain(name);
    }
  });
});
