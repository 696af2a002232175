import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@hiram/shared/testing/mockApi';
import { ok, renderRoute } from '../../testing/renderRoute';
import BookKeepingPage from './BookKeepingPage';
import { APRIL, MAY } from './testData';

const LIST = '/book-keeping/get-list';

function setup(query = 'sessionId=s1') {
  const api = mockApi({
    [LIST]: (_url: string, init?: RequestInit) =>
      ok(new URLSearchParams(String(init?.body)).get('month') === '2026-04' ? APRIL : MAY),
  });
  renderRoute(`/bookKeeping?${query}`, '/bookKeeping', <BookKeepingPage />);
  return api;
}

afterEach(() => vi.unstubAllGlobals());

describe('the income and expense book', () => {
  it("shows the month's totals and its entries by date, latest first", async () => {
    setup();
    expect(await screen.findByRole('heading', { level: 2, name: 'May 2026' })).toBeTruthy();
    const totals = screen.getByText('Balance').closest('dl')!;
    expect(within(totals).getByText('₱15,000.00')).toBeTruthy();
    expect(within(totals).getByText('₱170.50')).toBeTruthy();
    expect(within(totals).getByText('₱14,829.50')).toBeTruthy();
    const days = screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    expect(days).toEqual(['2026-05-14', '2026-05-02']);
    const entries = screen.getAllByRole('link', { name: /Salary|Fare|Food/ });
    expect(entries.map((link) => link.textContent)).toEqual([
      'Salary and wagesKinsenas+₱15,000.00',
      'Fare and transport-₱45.00',
      'Food and groceriesTanghalianwith a receipt-₱125.50',
    ]);
    expect(entries[0]!.getAttribute('href')).toBe('/bookKeepingRecord?sessionId=s1&id=9');
    expect(screen.getByRole('link', { name: 'Add an entry' }).getAttribute('href')).toBe('/bookKeepingRecord?sessionId=s1&month=2026-05');
    expect(screen.getByRole('link', { name: 'Statistics' }).getAttribute('href')).toBe('/bookKeepingStatistics?sessionId=s1&month=2026-05');
  });

  it('switches months, but not past the current one', async () => {
    const api = setup();
    await screen.findByRole('heading', { level: 2, name: 'May 2026' });
    expect((screen.getByRole('button', { name: 'Next month' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Previous month' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'April 2026' })).toBeTruthy();
    expect(screen.getByText(/No entries this month yet/)).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('/bookKeeping?sessionId=s1&month=2026-04');
    expect(new URLSearchParams(String(api.calls(LIST).at(-1)![1]?.body)).get('month')).toBe('2026-04');
    expect((screen.getByRole('button', { name: 'Next month' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('asks for the month in the address', async () => {
    const api = setup('sessionId=s1&month=2026-04');
    await screen.findByRole('heading', { level: 2, name: 'April 2026' });
    await waitFor(() => expect(api.calls(LIST)).toHaveLength(1));
    expect(new URLSearchParams(String(api.calls(LIST)[0]![1]?.body)).get('month')).toBe('2026-04');
  });
});
