import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { hideToast } from '@hiram/shared/ui/toastStore';
import type { Dashboard } from '../api';
import { consoleApi, ok, query } from '../testing/consoleApi';
import { renderSection } from '../testing/renderSection';
import { DashboardPage } from './DashboardPage';

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
    fireEvent.change(screen.getByLabelText('Period'), { target: { value: '30' } });
    await waitFor(() => expect(api.calls('/dashboard')).toHaveLength(2));
    expect(query(api.calls('/dashboard')[1]![0]).days).toBe('30');
  });
});
