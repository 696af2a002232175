import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { hideToast } from '@hiram/shared/ui/toastStore';
import type { FailedPayoutRow, ReconciliationLine } from '../api';
import { captureDownloads, consoleApi, ok, page, query } from '../testing/consoleApi';
import { renderSection } from '../testing/renderSection';
import { MoneyPage } from './MoneyPage';

afterEach(() => {
  vi.unstubAllGlobals();
  act(() => hideToast());
});

const LINES: ReconciliationLine[] = [
  { day: '2026-11-22', channel: 'GCash', statementCount: 2, statementAmount: 100_000, postedCount: 1, postedAmount: 50_000, difference: 50_000, balanced: false, statementKept: true },
  { day: '2026-11-22', channel: 'GCash', statementCount: 0, statementAmount: 0, postedCount: 1, postedAmount: 10_000, difference: -10_000, balanced: false, statementKept: false },
];

const failed = (n: number): FailedPayoutRow => ({
  orderId: n,
  orderNo: `HR${n}`,
  status: 170,
  principal: 600_000,
  attempt: { gateway: 'sandbox', outcome: 'unavailable', detail: '', at: '2026-11-22T01:00:00Z' },
});

describe('payouts and reconciliation', () => {
  it('flags a day whose statement and postings differ', async () => {
    consoleApi({ '/reconciliation': ok(LINES), '/payouts/failed': page([]) });
    renderSection(<MoneyPage />);
    const table = await screen.findByRole('table', { name: 'Daily reconciliation' });
    // Once the report is in (until then the table says it is loading).
    await within(table).findAllByText('GCash');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]!.className).toBe('is-flagged');
    expect(within(rows[0]!).getByText('₱500.00', { selector: '.c-strong' })).toBeTruthy();
    // A channel without a statement here is not flagged.
    expect(rows[1]!.className).toBe('');
  });

  it('exports every page of failed payouts, showing progress', async () => {
    const downloads = captureDownloads();
    const first = Array.from({ length: 100 }, (_, i) => failed(i + 1));
    const api = consoleApi({
      '/reconciliation': ok([]),
      '/payouts/failed': (url: string) => {
        const asked = query(url);
        if (asked.pageSize === '25') return page(first.slice(0, 25), 130);
        return asked.page === '1' ? page(first, 130, 1, 100) : page([failed(101), ...first.slice(0, 29)], 130, 2, 100);
      },
    });
    renderSection(<MoneyPage />);
    const table = await screen.findByRole('table', { name: 'Payouts that did not go out' });
    await within(table).findByText('HR1');
    fireEvent.click(screen.getAllByRole('button', { name: 'Export CSV' })[1]!);
    await waitFor(() => expect(downloads.saved).toHaveLength(1));
    downloads.restore();
    const text = await downloads.saved[0]!.text;
    expect(text.trim().split('\r\n')).toHaveLength(131);
    expect(api.calls('/payouts/failed').filter(([url]) => query(url).pageSize === '100')).toHaveLength(2);
  });
});
