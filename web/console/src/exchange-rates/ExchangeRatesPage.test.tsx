import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@hiram/shared/testing/mockApi';
import { getToast, hideToast } from '@hiram/shared/ui/toastStore';
import { AUDITOR, FINANCE } from '../testing/consoleApi';
import { renderSection } from '../testing/renderSection';
import { ExchangeRatesPage } from './ExchangeRatesPage';

const ROW = {
  id: 1,
  currency: 'USD',
  rate: '58.1234',
  pesoMicros: 58_123_400,
  effectiveOn: '2026-11-22',
  source: 'BSP reference rate',
  inEffect: true,
  setBy: 3,
  setAt: '2026-11-22T01:00:00Z',
};

afterEach(() => {
  vi.unstubAllGlobals();
  hideToast();
});

describe('exchange rates', () => {
  it('lists each rate with its source and whether borrowers are offered it', async () => {
    mockApi({ '/exchange-rates': { code: '00', message: '', data: { rates: [ROW, { ...ROW, id: 2, rate: '57.90', inEffect: false }] } } }, '/api/console');
    renderSection(<ExchangeRatesPage me={AUDITOR} />);
    await screen.findByText('Offered now');
    const rows = screen.getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(within(rows[1]!).getByText('Offered now')).toBeTruthy();
    expect(within(rows[2]!).getByText('Not offered')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add a rate' }), 'an auditor reads only').toBeNull();
  });

  it('lets finance add a rate, and marks the field the server refuses', async () => {
    const api = mockApi(
      {
        '/exchange-rates': { code: '00', message: '', data: { rates: [] } },
        '/exchange-rates/add': [
          { code: '400', message: 'Please check: rate.', data: { field: 'rate' } },
          { code: '00', message: '', data: ROW },
        ],
      },
      '/api/console',
    );
    renderSection(<ExchangeRatesPage me={FINANCE} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Add a rate' }));
    const dialog = screen.getByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Currency'), { target: { value: 'usd' } });
    fireEvent.change(within(dialog).getByLabelText('Pesos for 1'), { target: { value: '-58' } });
    fireEvent.change(within(dialog).getByLabelText('Source'), { target: { value: 'BSP reference rate' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add a rate' }));
    expect(await within(dialog).findByText('Enter a positive number of pesos with at most 6 decimals.')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Pesos for 1'), { target: { value: '58.1234' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add a rate' }));
    await vi.waitFor(() => expect(getToast()?.message).toBe('Rate added.'));
    const body = new URLSearchParams(String(api.calls('/exchange-rates/add')[1]![1]?.body));
    expect([body.get('currency'), body.get('rate'), body.get('source')]).toEqual(['USD', '58.1234', 'BSP reference rate']);
    expect(body.get('effectiveOn')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});
