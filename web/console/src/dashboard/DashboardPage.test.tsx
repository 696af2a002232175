import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { hideToast } from '@hiram/shared/ui/toastStore';
import type { Dashboard } from '../api';
import { consoleApi, ok, query } from '../testing/consoleApi';
import { renderSection } from '../testing/renderSection';
import { axisTop, DashboardPage, labelledDays, pesoShort } from './DashboardPage';

afterEach(() => {
  vi.unstubAllGlobals();
  act(() => hideToast());
});

const DAYS = ['2026-11-20', '2026-11-21', '2026-11-22'].map((day, index) => ({
  day,
  applications: index + 1,
  approvals: index,
  rejections: 0,
  disbursed: 500_000 * index,
  collected: 120_000,
}));

const DASHBOARD: Dashboard = {
  days: DAYS,
  pastDue: [
    { bucket: 'current', orders: 3, principal: 1_500_000, shareBp: 7500 },
    { bucket: '1-30', orders: 1, principal: 300_000, shareBp: 2500 },
  ],
  loansOut: 4,
  complaintsOpen: 2,
  complaintsLate: 1,
};

describe('the dashboard', () => {
  it('charts each day and totals the period', async () => {
    const api = consoleApi({ '/dashboard': ok(DASHBOARD) });
    renderSection(<DashboardPage />);
    expect(await screen.findByRole('img', { name: 'Applications: 6' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Disbursed: ₱15,000.00' })).toBeTruthy();
    expect(screen.getByText('complaints late').className).toContain('c-tile--alert');
    expect(screen.getByText('1-30 days')).toBeTruthy();
    const disbursed = screen.getByRole('img', { name: 'Disbursed: ₱15,000.00' });
    const labels = [...disbursed.querySelectorAll('text')].map((text) => text.textContent);
    // The value axis at round ticks, each bar's figure, and the days.
    expect(labels).toEqual(['₱0', '₱5k', '₱10k', '₱5k', '₱10k', '11-20', '11-21', '11-22']);
    const figures = screen.getByRole('table', { name: 'Disbursed: the figures' });
    const rows = within(figures).getAllByRole('row').slice(1).map((row) => row.textContent);
    expect(rows).toEqual(['2026-11-20₱0.00', '2026-11-21₱5,000.00', '2026-11-22₱10,000.00']);
    fireEvent.change(screen.getByLabelText('Period'), { target: { value: '30' } });
    await waitFor(() => expect(api.calls('/dashboard')).toHaveLength(2));
    expect(query(api.calls('/dashboard')[1]![0]).days).toBe('30');
  });

  it('puts the value axis at round numbers and labels at most eight days', () => {
    expect([0, 1, 3, 7, 10, 11, 180, 1_500_000].map(axisTop)).toEqual([1, 1, 5, 10, 10, 20, 200, 2_000_000]);
    expect(labelledDays(3)).toEqual([0, 1, 2]);
    expect(labelledDays(14)).toEqual([0, 2, 4, 6, 7, 9, 11, 13]);
    expect(labelledDays(90)).toEqual([0, 13, 25, 38, 51, 64, 76, 89]);
    expect([0, 50_000, 1_250_000, 250_000_000].map(pesoShort)).toEqual(['₱0', '₱500', '₱12.5k', '₱2.5M']);
    // A day of a few centavos still reads on the axis.
    expect([3, 5, 50].map(pesoShort)).toEqual(['₱0.03', '₱0.05', '₱0.50']);
  });
});
