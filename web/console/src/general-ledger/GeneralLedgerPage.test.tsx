import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getToast, hideToast } from '@hiram/shared/ui/toastStore';
import { AUDITOR, captureDownloads, consoleApi, fail, FINANCE, form, ok, query } from '../testing/consoleApi';
import { renderSection } from '../testing/renderSection';
import { GeneralLedgerPage } from './GeneralLedgerPage';

afterEach(() => {
  vi.unstubAllGlobals();
  act(() => hideToast());
});

const LENDERS = [
  { id: 1, name: 'Bayanihan Cash' },
  { id: 2, name: 'Tulay Lending' },
];

const books = (lenderId: number, date: string) => ({
  lenderId,
  lenderName: LENDERS.find((lender) => lender.id === lenderId)!.name,
  date,
  lines: [
    { code: '1010', name: 'Cash in bank and payment channels', kind: 'asset', debit: 0, credit: 457_667 },
    { code: '1200', name: 'Loans receivable', kind: 'asset', debit: 500_000, credit: 0 },
    { code: '4200', name: 'Fee income', kind: 'income', debit: 0, credit: 42_333 },
  ],
  totalDebit: 500_000,
  totalCredit: 500_000,
});

const statement = (lenderId: number) => ({
  lenderId,
  lenderName: LENDERS.find((lender) => lender.id === lenderId)!.name,
  from: '2026-11-01',
  to: '2026-11-27',
  income: [
    { code: '4100', name: 'Interest income', amount: 28_666 },
    { code: '4200', name: 'Fee income', amount: 21_000 },
  ],
  expenses: [{ code: '5100', name: 'Provision for credit losses', amount: 0 }],
  totalIncome: 49_666,
  totalExpenses: 0,
  netIncome: 49_666,
});

const sheet = (lenderId: number) => ({
  lenderId,
  lenderName: LENDERS.find((lender) => lender.id === lenderId)!.name,
  date: '2026-11-27',
  assets: [
    { code: '1010', name: 'Cash in bank and payment channels', amount: -457_667 },
    { code: '1200', name: 'Loans receivable', amount: 500_000 },
  ],
  liabilities: [{ code: '2100', name: 'Borrower credit (overpayments held)', amount: 0 }],
  equity: [],
  totalAssets: 42_333,
  totalLiabilities: 0,
  totalEquity: 42_333,
  earnings: 42_333,
});

const close = (through: string, period = 'day', note: string | null = null) => ({
  through,
  period,
  closedBy: 5,
  closedByToken: null,
  closedAt: '2026-11-27T01:00:00Z',
  note,
});

const closes = (lenderId: number, list: ReturnType<typeof close>[]) => ({ lenderId, closedThrough: list[0]?.through ?? null, closes: list });

const booksRoutes = {
  '/general-ledger/lenders': ok(LENDERS),
  '/general-ledger/trial-balance': ok(books(1, '2026-11-27')),
  '/general-ledger/income-statement': ok(statement(1)),
  '/general-ledger/balance-sheet': ok(sheet(1)),
};

describe("a lender's books", () => {
  it("shows the first lender's trial balance for today, then another lender's for a day asked", async () => {
    const api = consoleApi({
      '/general-ledger/lenders': ok(LENDERS),
      '/general-ledger/trial-balance': (url: string) => ok(books(Number(query(url).lenderId), query(url).date ?? '2026-11-27')),
      '/general-ledger/income-statement': (url: string) => ok(statement(Number(query(url).lenderId))),
      '/general-ledger/balance-sheet': (url: string) => ok(sheet(Number(query(url).lenderId))),
      '/general-ledger/closes': (url: string) => ok(closes(Number(query(url).lenderId), [])),
    });
    renderSection(<GeneralLedgerPage me={FINANCE} />);
    const table = await screen.findByRole('table', { name: 'Trial balance' });
    await within(table).findByText('Loans receivable');
    expect(within(table).getByText('₱5,000.00')).toBeTruthy();
    expect(screen.getByTestId('trial-totals').textContent).toBe('Total debits ₱5,000.00 · total credits ₱5,000.00');
    expect(query(api.calls('/general-ledger/trial-balance')[0]![0]).lenderId).toBe('1');
    expect(query(api.calls('/general-ledger/trial-balance')[0]![0]).date).toBeUndefined();

    const balance = await screen.findByRole('table', { name: 'Balance sheet' });
    await within(balance).findByText('-₱4,576.67');
    expect(screen.getByTestId('sheet-totals').textContent).toBe('Assets ₱423.33 · liabilities ₱0.00 · equity ₱423.33, of which earnings to date ₱423.33');
    const income = await screen.findByRole('table', { name: 'Income statement' });
    await within(income).findByText('Interest income');
    expect(screen.getByTestId('net-income').textContent).toBe('Income ₱496.66 · expenses ₱0.00 · net income ₱496.66');
    expect(query(api.calls('/general-ledger/income-statement')[0]![0]).lenderId).toBe('1');

    fireEvent.change(screen.getByLabelText('Lender'), { target: { value: '2' } });
    fireEvent.change(screen.getByLabelText('At the end of'), { target: { value: '2026-10-31' } });
    fireEvent.click(screen.getAllByRole('button', { name: 'Show' })[0]!);
    await screen.findByText(/Tulay Lending’s accounts|Tulay Lending's accounts/);
    const asked = query(api.calls('/general-ledger/trial-balance').at(-1)![0]);
    expect([asked.lenderId, asked.date]).toEqual(['2', '2026-10-31']);
    // The balance sheet stands at the same day.
    await waitFor(() => expect(query(api.calls('/general-ledger/balance-sheet').at(-1)![0]).date).toBe('2026-10-31'));
    // The income statement follows the lender chosen, for the period its own fields ask.
    await waitFor(() => expect(query(api.calls('/general-ledger/income-statement').at(-1)![0]).lenderId).toBe('2'));
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-10-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-10-31' } });
    fireEvent.click(screen.getAllByRole('button', { name: 'Show' })[1]!);
    await waitFor(() => expect(query(api.calls('/general-ledger/income-statement').at(-1)![0]).from).toBe('2026-10-01'));
    expect(query(api.calls('/general-ledger/income-statement').at(-1)![0]).to).toBe('2026-10-31');
  });

  it('exports the lines and their totals as CSV', async () => {
    const downloads = captureDownloads();
    consoleApi({
      '/general-ledger/lenders': ok(LENDERS),
      '/general-ledger/trial-balance': ok(books(1, '2026-11-27')),
      '/general-ledger/income-statement': ok(statement(1)),
      '/general-ledger/balance-sheet': ok(sheet(1)),
      '/general-ledger/closes': ok(closes(1, [])),
    });
    renderSection(<GeneralLedgerPage me={FINANCE} />);
    await screen.findByText('Loans receivable');
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(downloads.saved).toHaveLength(1));
    downloads.restore();
    const lines = (await downloads.saved[0]!.text).trim().split('\r\n');
    expect(lines[0]).toBe('Code,Account,Debit,Credit');
    expect(lines[2]).toBe('1200,Loans receivable,5000.00,0.00');
    expect(lines.at(-1)).toBe(',Total,5000.00,5000.00');
  });

  it('lets finance close a month, shows a refusal beside the day, and lists the close once made', async () => {
    let closed = false;
    const api = consoleApi({
      ...booksRoutes,
      '/general-ledger/closes': () => ok(closes(1, closed ? [close('2026-10-31', 'month', 'October matched')] : [])),
      '/general-ledger/close': (_url: string, init?: RequestInit) => {
        if (form(init).date === '2026-11-27') {
          return fail('400', 'That period has not ended yet.', { field: 'date' });
        }
        closed = true;
        return ok({ lenderId: 1, close: close('2026-10-31', 'month', 'October matched'), repeated: false });
      },
    });
    renderSection(<GeneralLedgerPage me={FINANCE} />);
    expect((await screen.findByTestId('closed-through')).textContent).toBe('No day is closed yet: any day can still be posted to.');
    fireEvent.click(screen.getByRole('button', { name: 'Close the books' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('What to close'), { target: { value: 'month' } });
    fireEvent.change(within(dialog).getByLabelText('Day'), { target: { value: '2026-11-27' } });
    fireEvent.change(within(dialog).getByLabelText('Note'), { target: { value: 'October matched' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close the books' }));
    expect(await within(dialog).findByText('That period has not ended yet.')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Day'), { target: { value: '2026-10-15' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close the books' }));
    await waitFor(() => expect(getToast()?.message).toBe('Books closed through 2026-10-31.'));
    const sent = form(api.calls('/general-ledger/close').at(-1)![1]);
    expect([sent.lenderId, sent.period, sent.date, sent.note]).toEqual(['1', 'month', '2026-10-15', 'October matched']);
    await waitFor(() => expect(screen.getByTestId('closed-through').textContent).toContain('Closed through 2026-10-31'));
    const table = screen.getByRole('table', { name: 'Closing the books' });
    expect(within(table).getByText('A month')).toBeTruthy();
    expect(within(table).getByText('October matched')).toBeTruthy();
  });

  it('shows an auditor the closes and who may close, with no control to close', async () => {
    consoleApi({ ...booksRoutes, '/general-ledger/closes': ok(closes(1, [close('2026-11-26')])) });
    renderSection(<GeneralLedgerPage me={AUDITOR} />);
    await waitFor(() => expect(screen.getByTestId('closed-through').textContent).toContain('Closed through 2026-11-26'));
    expect(screen.queryByRole('button', { name: 'Close the books' })).toBeNull();
    expect(screen.getByText('Only finance staff can close the books.')).toBeTruthy();
  });
});
