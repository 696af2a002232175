import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@hiram/shared/testing/mockApi';
import { ok, renderRoute } from '../../testing/renderRoute';
import ExchangePage from './ExchangePage';
import { RATES } from './testData';

afterEach(() => vi.unstubAllGlobals());

describe('the exchange calculator', () => {
  it('shows each rate with its date and source, and converts in hundredths', async () => {
    const conversion = { currency: 'USD', direction: 'toPeso', amount: 10_000, result: 581_234, rate: RATES.rates[1]! };
    const api = mockApi({ '/calc/exchange-rate': [ok(RATES), ok({ ...RATES, conversion })] });
    renderRoute('/calculator/exchange', '/calculator/exchange', <ExchangePage />);
    expect(await screen.findByText('BSP reference rate')).toBeTruthy();
    expect(screen.getByText('2026-11-21')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Currency'), { target: { value: 'USD' } });
    fireEvent.change(screen.getByLabelText('Amount in USD'), { target: { value: '100' } });
    fireEvent.click(screen.getByRole('button', { name: 'Convert' }));
    expect((await screen.findByTestId('exchange-result')).textContent).toBe('₱5,812.34');
    expect(screen.getByText('1 USD = ₱58.1234, as of 2026-11-22 (BSP reference rate)')).toBeTruthy();
    const body = new URLSearchParams(String(api.calls('/calc/exchange-rate')[1]![1]?.body));
    expect([body.get('currency'), body.get('amount'), body.get('direction')]).toEqual(['USD', '10000', 'toPeso']);
  });

  it('says so when staff have published no rate, and offers no made-up one', async () => {
    mockApi({ '/calc/exchange-rate': ok({ rates: [], conversion: null }) });
    renderRoute('/calculator/exchange', '/calculator/exchange', <ExchangePage />);
    expect(await screen.findByText('No exchange rates have been published yet. Please check again later.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Convert' })).toBeNull();
  });

  it('refuses an amount that is not a number without calling', async () => {
    const api = mockApi({ '/calc/exchange-rate': ok(RATES) });
    renderRoute('/calculator/exchange', '/calculator/exchange', <ExchangePage />);
    fireEvent.change(await screen.findByLabelText('Amount in JPY'), { target: { value: 'abc' } });
    fireEvent.click(screen.getByRole('button', { name: 'Convert' }));
    expect(screen.getByText('Please enter an amount, for example 100 or 100.50.')).toBeTruthy();
    expect(api.calls('/calc/exchange-rate')).toHaveLength(1);
  });
});
