import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { hideToast } from '@hiram/shared/ui/toastStore';
import type { Catalogue, ProductView, TermsCheck } from '../api';
import { consoleApi, fail, form, ok } from '../testing/consoleApi';
import { renderSection } from '../testing/renderSection';
import { ProductsPage } from './ProductsPage';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  act(() => hideToast());
});

const CAPS: Catalogue['ruleSet'] = {
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
};
const CATALOGUE: Catalogue = { products: [], lenders: [{ id: 2, name: 'Bayanihan Cash' }], ruleSet: CAPS };
const ABOVE: TermsCheck = {
  allowed: false,
  covered: true,
  problem: null,
  violations: [{ cap: 'nominal_cap', message: 'Interest is above 6% a month.', found: 750, allowed: 600, principal: 100_000, termDays: 30 }],
  caps: CAPS,
  examples: [],
  agreement: null,
  disclosure: null,
};

/** Opens the editor once the catalogue (and its lenders) has loaded. */
async function openEditor() {
  const button = (await screen.findByRole('button', { name: 'New product' })) as HTMLButtonElement;
  await waitFor(() => expect(button.disabled).toBe(false));
  fireEvent.click(button);
  return screen.getByRole('form', { name: 'New product' });
}

describe('the product editor', () => {
  it('checks the terms as typed, in centavos and basis points, and shows the server refusing a save', async () => {
    const api = consoleApi({
      '/products': (_url: string, init?: RequestInit) =>
        init?.method === 'POST' ? fail('400', 'Interest is above 6% a month.', { violation: 'nominal_cap' }) : ok(CATALOGUE),
      '/products/check': ok(ABOVE),
    });
    renderSection(<ProductsPage />);
    const editor = await openEditor();
    fireEvent.change(within(editor).getByLabelText('Product name'), { target: { value: 'Too Dear' } });
    fireEvent.change(within(editor).getByLabelText('Interest a month (%)'), { target: { value: '7.5' } });
    // The check runs a moment after the last key.
    expect(await within(editor).findByText('Interest is above 6% a month.', {}, { timeout: 3000 })).toBeTruthy();
    const sent = form(api.calls('/products/check').at(-1)![1]);
    expect(sent).toMatchObject({
      lenderId: '2',
      monthlyInterestBp: '750',
      minAmount: '100000',
      penaltyDailyBp130: '10',
      earlyAfterTermBp: '5000',
      earlyMinDays: '7',
      earlyMinInterestDays: '0',
      extensionsAllowed: '1',
      extensionDays: '30',
      extensionFeeBp: '0',
      allocation: 'penalty_interest_principal',
    });
    fireEvent.click(within(editor).getByRole('button', { name: 'Save' }));
    expect(await within(editor).findByRole('alert')).toHaveProperty('textContent', 'Interest is above 6% a month.');
  });

  it('does not check figures that are not plain numbers', async () => {
    const api = consoleApi({ '/products': ok(CATALOGUE), '/products/check': ok(ABOVE) });
    renderSection(<ProductsPage />);
    const editor = await openEditor();
    await waitFor(() => expect(api.calls('/products/check')).toHaveLength(1), { timeout: 3000 });
    fireEvent.change(within(editor).getByLabelText('Service fee (%)'), { target: { value: '3.333' } });
    expect(within(editor).getByText(/Type plain figures/)).toBeTruthy();
    // The check waits for the typing to settle: give it time to (not) ask.
    await act(() => new Promise((resolve) => setTimeout(resolve, 500)));
    expect(api.calls('/products/check')).toHaveLength(1);
  });

  it('sends the extension period and fee and the order payments are applied in', async () => {
    const api = consoleApi({ '/products': ok(CATALOGUE), '/products/check': ok(ABOVE) });
    renderSection(<ProductsPage />);
    const editor = await openEditor();
    fireEvent.change(within(editor).getByLabelText('Days each extension adds'), { target: { value: '15' } });
    fireEvent.change(within(editor).getByLabelText('Extension fee (% of the principal still owed)'), { target: { value: '2.5' } });
    fireEvent.change(within(editor).getByLabelText('A payment settles each instalment in this order'), { target: { value: 'interest_principal_penalty' } });
    await waitFor(() => expect(form(api.calls('/products/check').at(-1)![1])).toMatchObject({ extensionDays: '15', extensionFeeBp: '250', allocation: 'interest_principal_penalty' }), { timeout: 3000 });
    expect(await within(editor).findByText(/SEC Memorandum Circular No. 14, series of 2025, in force from 2026-04-01/)).toBeTruthy();
  });
});

const product = (id: number, name: string, breaches: ProductView['breaches']): ProductView => ({
  id,
  lenderId: 2,
  lenderName: 'Bayanihan Cash',
  name,
  logoUrl: '',
  minAmount: 100_000,
  maxAmount: 1_000_000,
  amountStep: 10_000,
  periods: 1,
  periodDays: 91,
  monthlyInterestBp: 400,
  serviceFeeBp: 300,
  penaltyOneTimeNew: 2_000,
  penaltyOneTimeRepeat: 1_500,
  penaltyDailyBp130: 10,
  penaltyDailyBp3190: 8,
  penaltyDailyBpFrom91: 4,
  earlyAfterTermBp: 5000,
  earlyMinDays: 7,
  earlyMinInterestDays: 0,
  extensionsAllowed: 1,
  extensionDays: 91,
  extensionFeeBp: 0,
  allocation: 'penalty_interest_principal',
  rates: '4.00% interest a month · effective rate 4.99% a month',
  tags: [],
  allowsExtension: true,
  requiresReview: false,
  available: true,
  breaches,
});

describe('the catalogue against the rule set in force', () => {
  it('names the rule set in force and marks a product that breaks it as not offered until fixed', async () => {
    const dear = product(7, 'Old Dear Loan', [
      { cap: 'effective_cap', message: 'The effective rate of ₱1,000.00 for 30 days is 13.20% a month, above 12.00%.', found: 1320, allowed: 1200, principal: 100_000, termDays: 30 },
    ]);
    consoleApi({ '/products': ok({ ...CATALOGUE, products: [product(6, 'Bayanihan Cash Express', []), dear] }) });
    renderSection(<ProductsPage />);
    const rules = await screen.findByRole('region', { name: 'Rule set in force today: SEC-MC-14-2025' });
    expect(rules.textContent).toContain('SEC Memorandum Circular No. 14, series of 2025, in force from 2026-04-01');
    expect(rules.textContent).toContain('an effective interest rate at most 12% a month');
    const table = screen.getByRole('table', { name: 'Products' });
    const [, keeps, breaks] = within(table).getAllByRole('row');
    expect(keeps!.textContent).toContain('Offered');
    expect(keeps!.textContent).toContain('Within every cap');
    expect(breaks!.textContent).toContain('Not offered');
    expect(breaks!.textContent).toContain('Breaks a cap: not offered to borrowers until fixed');
    // The ceilings it breaks, as sentences in a row of their own under it, across the table.
    const detail = breaks!.nextElementSibling as HTMLElement;
    expect(within(table).getAllByRole('row')).toHaveLength(4);
    expect(within(detail).getByRole('cell').getAttribute('colspan')).toBe('8');
    const list = within(detail).getByRole('list', { name: 'Ceilings Old Dear Loan breaks' });
    expect(list.textContent).toBe('The effective rate of ₱1,000.00 for 30 days is 13.20% a month, above 12.00%.');
  });
});
