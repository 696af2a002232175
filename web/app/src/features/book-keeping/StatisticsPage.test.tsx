import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@hiram/shared/testing/mockApi';
import { ok, renderRoute } from '../../testing/renderRoute';
import StatisticsPage from './StatisticsPage';
import { MAY_STATISTICS } from './testData';

const STATISTICS = '/book-keeping/data-statistics';

function setup(statistics = MAY_STATISTICS) {
  const api = mockApi({ [STATISTICS]: ok(statistics) });
  renderRoute('/bookKeepingStatistics?sessionId=s1&month=2026-05', '/bookKeepingStatistics', <StatisticsPage />);
  return api;
}

afterEach(() => vi.unstubAllGlobals());

describe('the statistics page', () => {
  it('charts six months as pairs of bars scaled to the largest figure', async () => {
    const api = setup();
    const chart = await screen.findByRole('img', { name: 'Bar chart of income and expenses from December 2025 to May 2026' });
    expect(new URLSearchParams(String(api.calls(STATISTICS)[0]![1]?.body)).get('month')).toBe('2026-05');
    const months = chart.querySelectorAll('g[data-month]');
    expect(Array.from(months, (g) => g.querySelector('text')?.textContent)).toEqual(['Dec', 'Jan', 'Feb', 'Mar', 'Apr', 'May']);
    const heights = (kind: 'in' | 'out') => Array.from(months, (g) => Number(g.querySelector(`.bk-bar-${kind}`)?.getAttribute('height')));
    // May's ₱15,000 income is the tallest bar; ₱3,000 in December is a fifth of it; an empty month has none.
    expect(heights('in')).toEqual([30, 0, 0, 0, 0, 152]);
    expect(heights('out')[3]).toBe(0);
    expect(heights('out')[4]).toBeGreaterThanOrEqual(2);
    expect(months[5]!.querySelector('title')?.textContent).toBe('May 2026: income ₱15,000.00, expenses ₱175.00');
  });

  it('shows where the money went by category, and where it came from', async () => {
    setup();
    const list = await screen.findByRole('tabpanel');
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual(['Food and groceries74.29%₱130.00', 'Fare and transport25.71%₱45.00']);
    expect(rows[0]!.querySelector('svg')?.getAttribute('data-icon')).toBe('food');
    fireEvent.click(screen.getByRole('tab', { name: 'Income' }));
    expect(within(screen.getByRole('tabpanel')).getByText('100.00%')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the entries' }).getAttribute('href')).toBe('/bookKeeping?sessionId=s1&month=2026-05');
  });

  it('says when a month has nothing, and draws no bars', async () => {
    setup({
      ...MAY_STATISTICS,
      income: 0,
      expense: 0,
      balance: 0,
      expenseByCategory: [],
      incomeByCategory: [{ category: 'mystery', title: 'Something new', icon: 'rocket', amount: 1, share: 10_000 }],
      months: MAY_STATISTICS.months.map((bar) => ({ ...bar, income: 0, expense: 0 })),
    });
    expect(await screen.findByText('Nothing recorded this month.')).toBeTruthy();
    expect(document.querySelectorAll('rect[height="0"]')).toHaveLength(12);
    fireEvent.click(screen.getByRole('tab', { name: 'Income' }));
    // A category the page has no picture for gets the "others" one.
    expect(screen.getByRole('tabpanel').querySelector('svg')?.getAttribute('data-icon')).toBe('dots');
  });
});
