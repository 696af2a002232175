import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { hideToast } from '@hiram/shared/ui/toastStore';
import type { TermsCheck } from '../api';
import { consoleApi, fail, form, ok } from '../testing/consoleApi';
import { renderSection } from '../testing/renderSection';
import { ProductsPage } from './ProductsPage';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  act(() => hideToast());
});

const CATALOGUE = { products: [], lenders: [{ id: 2, name: 'Bayanihan Cash' }] };
const CAPS = { nominalMonthlyBp: 600, effectiveMonthlyBp: 1500, penaltyMonthlyBp: 500, totalCostBp: 10000, coveredMaxPrincipal: 1_000_000, coveredMaxTermDays: 120 };
const ABOVE: TermsCheck = {
  allowed: false,
  covered: true,
  problem: null,
  violations: [{ cap: 'nominal_cap', message: 'Interest is above 6% a month.' }],
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
    expect(sent).toMatchObject({ lenderId: '2', monthlyInterestBp: '750', minAmount: '100000', penaltyDailyBp130: '10', earlyAfterTermBp: '5000', earlyMinDays: '7', earlyMinInterestDays: '0', extensionsAllowed: '1' });
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
});
