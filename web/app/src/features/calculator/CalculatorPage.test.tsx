import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@hiram/shared/testing/mockApi';
import { getToast, hideToast } from '@hiram/shared/ui/toastStore';
import { fail, ok, renderRoute } from '../../testing/renderRoute';
import CalculatorPage from './CalculatorPage';
import { INDEX, RESULT } from './testData';

afterEach(() => {
  vi.unstubAllGlobals();
  hideToast();
});

const sent = (init: RequestInit | undefined) => new URLSearchParams(String(init?.body));

describe('the loan calculator', () => {
  it('starts from the server defaults and sends pesos as centavos and percent as basis points', async () => {
    const api = mockApi({ '/calc/index': ok(INDEX), '/calc/emi': ok({ ...RESULT, fee: 0 }) });
    renderRoute('/calculator', '/calculator', <CalculatorPage />);
    const amount = await screen.findByLabelText('Amount to borrow (₱)');
    expect((amount as HTMLInputElement).value).toBe('5000');
    fireEvent.change(amount, { target: { value: '5,000.50' } });
    fireEvent.change(screen.getByLabelText('Interest a month (%)'), { target: { value: '3.5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Calculate' }));
    expect(await screen.findByTestId('calc-first-payment')).toBeTruthy();
    const body = sent(api.calls('/calc/emi')[0]![1]);
    expect([body.get('amount'), body.get('monthlyRateBp'), body.get('payments'), body.get('feeBp')]).toEqual(['500050', '350', '3', '0']);
    expect(screen.getByTestId('calc-first-payment').textContent).toBe('₱1,866.66');
    expect(screen.getAllByRole('row')).toHaveLength(4);
    expect(screen.queryByText('Effective interest rate a month')).toBeNull();
  });

  it('refuses what is not a number before calling, naming the field', async () => {
    const api = mockApi({ '/calc/index': ok(INDEX) });
    renderRoute('/calculator', '/calculator', <CalculatorPage />);
    fireEvent.change(await screen.findByLabelText('Amount to borrow (₱)'), { target: { value: '-5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Calculate' }));
    expect(screen.getByText('Please enter the amount in pesos, for example 5000.')).toBeTruthy();
    expect(api.calls('/calc/emi')).toHaveLength(0);
  });

  it('shows the server refusal of an amount out of range', async () => {
    mockApi({ '/calc/index': ok(INDEX), '/calc/emi': fail('400', 'Enter an amount from ₱1 to ₱10,000,000.') });
    renderRoute('/calculator', '/calculator', <CalculatorPage />);
    fireEvent.change(await screen.findByLabelText('Amount to borrow (₱)'), { target: { value: '20000000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Calculate' }));
    await vi.waitFor(() => expect(getToast()?.message).toBe('Enter an amount from ₱1 to ₱10,000,000.'));
    expect(screen.queryByTestId('calc-first-payment')).toBeNull();
  });

  it('with fees shows the effective rate and each cap, over or under', async () => {
    const api = mockApi({ '/calc/index': ok(INDEX), '/calc/emi-adv': ok(RESULT) });
    renderRoute('/calculator', '/calculator', <CalculatorPage />);
    fireEvent.click(await screen.findByRole('tab', { name: 'With fees' }));
    fireEvent.change(screen.getByLabelText('Fee taken from the loan (%)'), { target: { value: '5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Calculate' }));
    expect((await screen.findByTestId('calc-effective-rate')).textContent).toBe('6.81%');
    expect(sent(api.calls('/calc/emi-adv')[0]![1]).get('feeBp')).toBe('500');
    const caps = within(screen.getByRole('list', { name: 'Legal limits for small loans' })).getAllByRole('listitem');
    expect(caps.map((cap) => [cap.dataset.cap, cap.textContent])).toEqual([
      ['nominal', 'Nominal interest a month (at most 6.00%)4.00%, within the limit'],
      ['effective', 'Effective interest rate a month, interest and every fee (at most 12.00%)14.00%, over the limit'],
    ]);
    expect(screen.queryByText(/simple rate|Interest and fees a month/)).toBeNull();
  });

  it('states the rule set in force: its source, the day it took effect and its two rate ceilings', async () => {
    mockApi({ '/calc/index': ok(INDEX) });
    renderRoute('/calculator', '/calculator', <CalculatorPage />);
    const rules = await screen.findByRole('region', { name: 'Legal limits in force' });
    expect(rules.textContent).toContain(
      'Set by SEC Memorandum Circular No. 14, series of 2025, in force since Apr 1, 2026, for loans of ₱10,000.00 or less paid within 4 months.',
    );
    const rows = within(rules).getAllByRole('term').map((term) => `${term.textContent}: ${term.nextElementSibling?.textContent}`);
    expect(rows).toEqual(['Nominal interest: at most 6.00% a month', 'Effective interest rate: at most 12.00% a month']);
    expect(rules.textContent).not.toMatch(/15|1133/);
  });

  it('saves a calculation under a name when logged in', async () => {
    const api = mockApi({ '/calc/index': ok(INDEX), '/calc/emi': ok(RESULT), '/calc/add-loan': ok({ id: 9 }) });
    renderRoute('/calculator?sessionId=s1', '/calculator', <CalculatorPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Calculate' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Save' }));
    fireEvent.change(screen.getByLabelText('Name (optional)'), { target: { value: 'Tuition' } });
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(getToast()?.message).toBe('Calculation saved.'));
    expect(api.calls('/calc/add-loan')).toHaveLength(1);
    const body = sent(api.calls('/calc/add-loan')[0]![1]);
    expect([body.get('name'), body.get('amount')]).toEqual(['Tuition', '500000']);
  });
});
