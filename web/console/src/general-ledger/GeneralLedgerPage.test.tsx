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

const share = (part: number, whole: number, basisPoints: number | null) => ({ part, whole, basisPoints });

const aging = (kept: boolean) => ({
  lenderId: 1,
  lenderName: 'Bayanihan Cash',
  date: '2026-11-27',
  kept,
  lines: kept
    ? [
        { bucket: 'current', loans: 80, principal: 40_000_000 },
        { bucket: '1-30', loans: 10, principal: 5_000_000 },
        { bucket: '31-60', loans: 5, principal: 2_500_000 },
        { bucket: '61-90', loans: 0, principal: 0 },
        { bucket: '91-180', loans: 4, principal: 2_000_000 },
        { bucket: '181+', loans: 1, principal: 500_000 },
      ]
    : [],
  totalLoans: kept ? 100 : 0,
  totalPrincipal: kept ? 50_000_000 : 0,
  par30: kept ? share(5_000_000, 50_000_000, 1_000) : share(0, 0, null),
  par90: kept ? share(2_500_000, 50_000_000, 500) : share(0, 0, null),
  monthBefore: '2026-10-27',
  rollRates: [
    { from: 'current', to: '1-30', share: share(5_000_000, 45_000_000, 1_111) },
    { from: '1-30', to: '31-60', share: share(2_500_000, 0, null) },
  ],
});

const journal = (id: number, proposedBy: number, status = 'proposed', reverses: number | null = null) => ({
  id,
  lenderId: 1,
  memo: 'October provision',
  status,
  lines: [
    { code: '5100', side: 'debit', amount: 150_000 },
    { code: '1290', side: 'credit', amount: 150_000 },
  ],
  total: 150_000,
  proposedBy,
  proposedByToken: null,
  proposedAt: '2026-11-27T01:00:00Z',
  decidedBy: null,
  decidedAt: null,
  provisionDay: null,
  reverses,
});

const CHART = [
  { code: '1200', name: 'Loans receivable', kind: 'asset', loanAccount: 'principal_receivable', control: true },
  { code: '1290', name: 'Allowance for credit losses', kind: 'contra_asset', loanAccount: 'written_off', control: false },
  { code: '5100', name: 'Provision for credit losses', kind: 'expense', loanAccount: null, control: false },
];

const matrix = (id: number, proposedBy: number, status = 'proposed') => ({
  id,
  status,
  rates: [
    { bucket: 'current', rateBp: 100 },
    { bucket: '1-30', rateBp: 500 },
    { bucket: '31-60', rateBp: 2_000 },
    { bucket: '61-90', rateBp: 5_000 },
    { bucket: '91-180', rateBp: 7_500 },
    { bucket: '181+', rateBp: 10_000 },
  ],
  proposedBy,
  proposedByToken: null,
  proposedAt: '2026-11-27T01:00:00Z',
  decidedBy: null,
  decidedAt: null,
});

const provisions = (inForce: boolean) => ({
  lenderId: 1,
  date: '2026-11-27',
  inForce: inForce ? matrix(3, 99, 'approved') : null,
  productMatrices: inForce ? [{ ...matrix(6, 99, 'approved'), productId: 8, rates: matrix(6, 99).rates.map((rate) => ({ ...rate, rateBp: rate.rateBp * 2 })) }] : [],
  lines: inForce
    ? [
        { productId: 7, productName: 'Sahod Loan', matrixId: 3, bucket: 'current', principal: 40_000_000, rateBp: 100, provision: 400_000 },
        { productId: 7, productName: 'Sahod Loan', matrixId: 3, bucket: '1-30', principal: 5_000_000, rateBp: 500, provision: 250_000 },
        { productId: 8, productName: 'Negosyo Loan', matrixId: 6, bucket: 'current', principal: 10_000_000, rateBp: 200, provision: 200_000 },
      ]
    : [],
  required: inForce ? 850_000 : 0,
  booked: inForce ? 850_000 : 0,
  matrices: inForce ? [{ ...matrix(6, 99, 'approved'), productId: 8 }, matrix(4, 99), matrix(3, 99, 'approved')] : [],
  products: [
    { id: 7, name: 'Sahod Loan' },
    { id: 8, name: 'Negosyo Loan' },
  ],
});

const booksRoutes = {
  '/general-ledger/provisions': ok(provisions(false)),
  '/general-ledger/chart': ok(CHART),
  '/general-ledger/journals': ok([]),
  '/general-ledger/write-offs': ok([]),
  '/general-ledger/statements': ok([]),
  '/general-ledger/statements/worklist': ok([]),
  '/general-ledger/chart/proposals': ok([]),
  '/general-ledger/aging': ok(aging(true)),
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
      '/general-ledger/aging': ok(aging(true)),
      '/general-ledger/provisions': ok(provisions(false)),
      '/general-ledger/chart': ok(CHART),
      '/general-ledger/journals': ok([]),
      '/general-ledger/write-offs': ok([]),
      '/general-ledger/statements': ok([]),
      '/general-ledger/statements/worklist': ok([]),
      '/general-ledger/chart/proposals': ok([]),
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

  it('exports the lines and their totals as CSV and as an Excel workbook', async () => {
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
    const trialBalance = screen.getByRole('region', { name: 'Trial balance' });
    fireEvent.click(within(trialBalance).getByRole('button', { name: 'Export CSV' }));
    fireEvent.click(within(trialBalance).getByRole('button', { name: 'Export Excel' }));
    await waitFor(() => expect(downloads.saved).toHaveLength(2));
    downloads.restore();
    const lines = (await downloads.saved[0]!.text).trim().split('\r\n');
    expect(lines[0]).toBe('Code,Account,Debit,Credit');
    expect(lines[2]).toBe('1200,Loans receivable,5000.00,0.00');
    expect(lines.at(-1)).toBe(',Total,5000.00,5000.00');
    expect(downloads.saved[1]!.name).toMatch(/^trial-balance-1-2026-11-27-\d{8}-\d{4}\.xlsx$/);
    // Stored, not compressed: the sheet's XML reads straight out of the archive.
    const workbook = await downloads.saved[1]!.text;
    expect(workbook.startsWith('PK')).toBe(true);
    expect(workbook).toContain('<c r="C3" s="1"><v>5000.00</v></c>');
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

  it('brings in a statement, lists what does not match for the lender to resolve, and closes over it only when told why', async () => {
    const item = (id: number, kind: string, reference: string, providerAmount: number | null, booksAmount: number | null) => ({
      id,
      statementId: 4,
      provider: 'xendit',
      day: '2026-11-26',
      kind,
      reference,
      providerAmount,
      fee: providerAmount === null ? null : 300,
      booksAmount,
      entryId: booksAmount === null ? null : 70 + id,
      lenderId: booksAmount === null ? null : 1,
      status: 'open',
      resolution: null,
      resolvedBy: null,
      resolvedAt: null,
    });
    const api = consoleApi({
      ...booksRoutes,
      '/general-ledger/closes': ok(closes(1, [])),
      '/general-ledger/statements': ok([{ id: 4, provider: 'xendit', day: '2026-11-26', importedBy: 99, importedByToken: null, importedAt: '2026-11-27T01:00:00Z', lines: 5, matched: 2, open: 3 }]),
      '/general-ledger/statements/worklist': ok([item(1, 'amount_differs', 'ewc_3', 45_000, 50_000), item(2, 'missing_in_books', 'ewc_9', 9_000, null), item(3, 'duplicated', 'ewc_2', 20_000, 20_000)]),
      '/general-ledger/statements/import': (_url: string, init?: RequestInit) =>
        form(init).csv === 'nonsense' ? fail('400', 'The statement does not read: the first line must name the columns reference, amount and (optionally) fee.', { field: 'csv' }) : ok({ id: 5 }),
      '/general-ledger/statements/resolve': ok(null),
      '/general-ledger/statements/fetch': ok({ id: 6 }),
      '/general-ledger/close': (_url: string, init?: RequestInit) =>
        form(init).overrideUnmatched === 'true'
          ? ok({ lenderId: 1, close: close('2026-11-26', 'day', 'ewc_3 asked of Xendit'), repeated: false })
          : fail('400', "Unmatched lines of the providers' statements through that day: 3.", { field: 'overrideUnmatched' }),
    });
    renderSection(<GeneralLedgerPage me={FINANCE} />);
    const statements = await screen.findByRole('table', { name: "Providers' statements" });
    expect((await within(statements).findByRole('row', { name: /xendit/ })).textContent).toContain('2026-11-26');
    const worklist = screen.getByRole('table', { name: 'Unmatched lines to resolve' });
    const differs = await within(worklist).findByRole('row', { name: /ewc_3/ });
    expect(differs.textContent).toContain('Amount differs');
    expect(differs.textContent).toContain('₱450.00');
    expect(differs.textContent).toContain('₱500.00');
    expect(within(worklist).getByRole('row', { name: /ewc_9/ }).textContent).toContain('Missing in the books');

    fireEvent.click(within(worklist).getByRole('button', { name: 'Resolve ewc_3' }));
    const resolving = await screen.findByRole('dialog');
    fireEvent.change(within(resolving).getByLabelText('Reason (kept in the audit log)'), { target: { value: 'Xendit refunded ₱50 to the borrower' } });
    fireEvent.click(within(resolving).getByRole('button', { name: 'Resolve' }));
    await waitFor(() => expect(form(api.calls('/general-ledger/statements/resolve')[0]![1])).toEqual({ id: '1', resolution: 'Xendit refunded ₱50 to the borrower' }));

    fireEvent.click(screen.getByRole('button', { name: 'Bring in a statement' }));
    const importing = await screen.findByRole('dialog');
    fireEvent.change(within(importing).getByLabelText('Day'), { target: { value: '2026-11-25' } });
    fireEvent.change(within(importing).getByLabelText('Statement (CSV: reference, amount, fee)'), { target: { value: 'nonsense' } });
    fireEvent.click(within(importing).getByRole('button', { name: 'Bring in a statement' }));
    expect(await within(importing).findByRole('alert')).toBeTruthy();
    fireEvent.change(within(importing).getByLabelText('Statement (CSV: reference, amount, fee)'), { target: { value: 'reference,amount,fee\newc_1,500.00,3.00' } });
    fireEvent.click(within(importing).getByRole('button', { name: 'Bring in a statement' }));
    await waitFor(() => expect(getToast()?.message).toBe('Statement brought in and matched against the books.'));
    const sent = form(api.calls('/general-ledger/statements/import').at(-1)![1]);
    expect([sent.provider, sent.date, sent.csv]).toEqual(['xendit', '2026-11-25', 'reference,amount,fee\newc_1,500.00,3.00']);

    // Or the provider is asked for its own list of the day.
    fireEvent.click(screen.getByRole('button', { name: 'Bring in a statement' }));
    const asking = await screen.findByRole('dialog');
    fireEvent.change(within(asking).getByLabelText('Day'), { target: { value: '2026-11-24' } });
    fireEvent.click(within(asking).getByRole('button', { name: 'Ask xendit for it' }));
    await waitFor(() => expect(api.calls('/general-ledger/statements/fetch')).toHaveLength(1));
    expect(form(api.calls('/general-ledger/statements/fetch')[0]![1])).toEqual({ provider: 'xendit', date: '2026-11-24' });

    // The close is held over the open lines until finance closes over them, saying why.
    fireEvent.click(screen.getByRole('button', { name: 'Close the books' }));
    const closing = await screen.findByRole('dialog');
    fireEvent.click(within(closing).getByRole('button', { name: 'Close the books' }));
    expect(await within(closing).findByText("Unmatched lines of the providers' statements through that day: 3.")).toBeTruthy();
    fireEvent.click(within(closing).getByLabelText('Close over the unmatched lines; the note says why'));
    fireEvent.change(within(closing).getByLabelText('Note'), { target: { value: 'ewc_3 asked of Xendit' } });
    fireEvent.click(within(closing).getByRole('button', { name: 'Close the books' }));
    await waitFor(() => expect(getToast()?.message).toBe('Books closed through 2026-11-26.'));
    expect(form(api.calls('/general-ledger/close').at(-1)![1]).overrideUnmatched).toBe('true');
  });

  it('lists the chart, and lets finance propose an account and add another member’s', async () => {
    const proposal = (id: number, code: string, proposedBy: number) => ({
      id,
      code,
      name: 'Payment provider fees',
      kind: 'expense',
      status: 'proposed',
      proposedBy,
      proposedByToken: null,
      proposedAt: '2026-11-27T01:00:00Z',
      decidedBy: null,
      decidedAt: null,
    });
    const api = consoleApi({
      ...booksRoutes,
      '/general-ledger/closes': ok(closes(1, [])),
      '/general-ledger/chart/proposals': ok([proposal(2, '5200', 99), proposal(3, '5300', FINANCE.id)]),
      '/general-ledger/chart/approve': ok(null),
      '/general-ledger/chart/propose': (_url: string, init?: RequestInit) =>
        form(init).code === '4200' ? fail('400', 'A code is four digits whose first says the kind.', { field: 'code' }) : ok({ id: 4 }),
    });
    renderSection(<GeneralLedgerPage me={FINANCE} />);
    const chart = await screen.findByRole('table', { name: 'Chart of accounts' });
    expect((await within(chart).findByRole('row', { name: /1200/ })).textContent).toContain("the loans' own events only");
    expect(within(chart).getByRole('row', { name: /1290/ }).textContent).toContain('journals');
    const waiting = await screen.findByRole('table', { name: 'Accounts waiting for a second member' });
    expect(within(waiting).getByRole('row', { name: /5300/ }).textContent).toContain('Yours: another officer decides');
    fireEvent.click(within(waiting).getByRole('button', { name: 'Add account 5200' }));
    await waitFor(() => expect(form(api.calls('/general-ledger/chart/approve')[0]![1])).toEqual({ id: '2' }));

    fireEvent.click(screen.getByRole('button', { name: 'Propose an account' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Code'), { target: { value: '4200' } });
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Bank charges' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Propose an account' }));
    expect(await within(dialog).findByText('A code is four digits whose first says the kind.')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Code'), { target: { value: '5300' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Propose an account' }));
    await waitFor(() => expect(getToast()?.message).toBe('Account proposed: another member adds it to the chart.'));
    expect(form(api.calls('/general-ledger/chart/propose').at(-1)![1])).toEqual({ code: '5300', name: 'Bank charges', kind: 'expense' });
  });

  it('shows an auditor the closes and who may close, with no control to close', async () => {
    consoleApi({ ...booksRoutes, '/general-ledger/closes': ok(closes(1, [close('2026-11-26')])) });
    renderSection(<GeneralLedgerPage me={AUDITOR} />);
    await waitFor(() => expect(screen.getByTestId('closed-through').textContent).toContain('Closed through 2026-11-26'));
    expect(screen.queryByRole('button', { name: 'Close the books' })).toBeNull();
    expect(screen.getByText('Only finance staff can close the books.')).toBeTruthy();
  });

  it('shows the loans by days past due, portfolio at risk and the roll rates from a month before', async () => {
    consoleApi({ ...booksRoutes, '/general-ledger/closes': ok(closes(1, [])) });
    renderSection(<GeneralLedgerPage me={AUDITOR} />);
    const table = await screen.findByRole('table', { name: 'Loans by days past due' });
    const late = await within(table).findByRole('row', { name: /91-180/ });
    expect(late.textContent).toContain('₱20,000.00');
    expect(within(table).getByRole('row', { name: /Current/ }).textContent).toContain('80');
    expect(screen.getByTestId('portfolio-at-risk').textContent).toBe('Portfolio at risk over 30 days 10.00% · over 90 days 5.00% · of ₱500,000.00 principal owed');
    const rolls = screen.getByRole('table', { name: 'Roll rates from 2026-10-27 to 2026-11-27' });
    expect(within(rolls).getByRole('row', { name: /Current/ }).textContent).toContain('11.11%');
    expect(within(rolls).getByRole('row', { name: /31-60/ }).textContent).toContain('—');
    // The same buckets as bars, the longest the largest principal.
    const chart = screen.getByRole('img', { name: 'Principal owed by days past due on 2026-11-27, as bars' });
    const widths = [...chart.querySelectorAll('rect')].map((bar) => Number(bar.getAttribute('width')));
    expect(widths).toHaveLength(6);
    expect(Math.max(...widths)).toBe(widths[0]);
    expect(chart.textContent).toContain('₱20,000.00');
  });

  it('says when the daily run kept no figures for the day asked', async () => {
    consoleApi({ ...booksRoutes, '/general-ledger/aging': ok(aging(false)), '/general-ledger/closes': ok(closes(1, [])) });
    renderSection(<GeneralLedgerPage me={AUDITOR} />);
    expect(await screen.findByText("The daily run kept no figures for 2026-11-27: it keeps each day's when it runs that day.")).toBeTruthy();
    // No buckets of zeros, no portfolio at risk: they would read as a clean book.
    expect(screen.queryByRole('table', { name: 'Loans by days past due' })).toBeNull();
    expect(screen.queryByTestId('portfolio-at-risk')).toBeNull();
  });

  it("lets finance propose a balanced journal in accounts no loan event moves, and approve another member's", async () => {
    const api = consoleApi({
      ...booksRoutes,
      '/general-ledger/closes': ok(closes(1, [])),
      '/general-ledger/journals': ok([journal(7, 99), journal(6, FINANCE.id), journal(5, 99, 'posted'), journal(4, 99, 'posted'), journal(3, 99, 'proposed', 4)]),
      '/general-ledger/journals/reverse': ok({ id: 9 }),
      '/general-ledger/journals/propose': (_url: string, init?: RequestInit) =>
        form(init).memo === 'Oct' ? fail('400', 'Write a memo of 5 to 500 characters saying what the journal is for.', { field: 'memo' }) : ok({ id: 8 }),
      '/general-ledger/journals/approve': ok(null),
    });
    renderSection(<GeneralLedgerPage me={FINANCE} />);
    const table = await screen.findByRole('table', { name: 'Journals' });
    expect((await within(table).findAllByText('Dr 5100 ₱1,500.00 · Cr 1290 ₱1,500.00')).length).toBe(5);
    expect(within(table).getByRole('row', { name: /#6/ }).textContent).toContain('Yours: another officer decides');
    fireEvent.click(within(table).getByRole('button', { name: 'Approve journal #7' }));
    await waitFor(() => expect(form(api.calls('/general-ledger/journals/approve')[0]![1])).toEqual({ id: '7' }));
    // A posted journal is undone by its reversal; one with a reversal waiting offers none.
    expect(within(table).queryByRole('button', { name: 'Reverse journal #4' })).toBeNull();
    fireEvent.click(within(table).getByRole('button', { name: 'Reverse journal #5' }));
    await waitFor(() => expect(form(api.calls('/general-ledger/journals/reverse')[0]![1])).toEqual({ id: '5' }));

    fireEvent.click(screen.getByRole('button', { name: 'Propose a journal' }));
    const dialog = await screen.findByRole('dialog');
    const picker = within(dialog).getByLabelText('Account of line 1') as HTMLSelectElement;
    expect(Array.from(picker.options).map((option) => option.value)).toEqual(['', '1290', '5100']);
    fireEvent.change(picker, { target: { value: '5100' } });
    fireEvent.change(within(dialog).getByLabelText('Amount of line 1, in pesos'), { target: { value: '1,500.00' } });
    fireEvent.change(within(dialog).getByLabelText('Account of line 2'), { target: { value: '1290' } });
    fireEvent.change(within(dialog).getByLabelText('Amount of line 2, in pesos'), { target: { value: '1500' } });
    expect(within(dialog).getByTestId('journal-totals').textContent).toBe('Total debits ₱1,500.00 · total credits ₱1,500.00');
    fireEvent.change(within(dialog).getByLabelText('Memo'), { target: { value: 'Oct' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Propose a journal' }));
    expect(await within(dialog).findByText('Write a memo of 5 to 500 characters saying what the journal is for.')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Memo'), { target: { value: 'October provision' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Propose a journal' }));
    await waitFor(() => expect(getToast()?.message).toBe('Journal proposed: another member approves it into the books.'));
    const sent = form(api.calls('/general-ledger/journals/propose').at(-1)![1]);
    expect([sent.lenderId, sent.memo]).toEqual(['1', 'October provision']);
    expect(JSON.parse(sent.lines!)).toEqual([
      { code: '5100', side: 'debit', amount: 150_000 },
      { code: '1290', side: 'credit', amount: 150_000 },
    ]);
  });

  it("lets finance propose writing a loan off with a reason, and approve another member's", async () => {
    const writeOff = (id: number, proposedBy: number, status = 'proposed', amount: number | null = null) => ({
      id,
      orderId: 40 + id,
      reason: 'Borrower unreachable after 120 days',
      status,
      proposedBy,
      proposedByToken: null,
      proposedAt: '2026-11-27T01:00:00Z',
      decidedBy: status === 'proposed' ? null : 99,
      decidedAt: status === 'proposed' ? null : '2026-11-27T02:00:00Z',
      amount,
    });
    const api = consoleApi({
      ...booksRoutes,
      '/general-ledger/closes': ok(closes(1, [])),
      '/general-ledger/write-offs': ok([writeOff(3, 99), writeOff(2, FINANCE.id), writeOff(1, 99, 'approved', 333_443)]),
      '/general-ledger/write-offs/propose': (_url: string, init?: RequestInit) =>
        form(init).reason === 'bad' ? fail('400', 'Write a reason of 5 to 500 characters saying why the loan is written off.', { field: 'reason' }) : ok({ id: 4 }),
      '/general-ledger/write-offs/approve': ok(null),
    });
    renderSection(<GeneralLedgerPage me={FINANCE} />);
    const table = await screen.findByRole('table', { name: 'Write-offs' });
    expect((await within(table).findByRole('row', { name: /#1/ })).textContent).toContain('₱3,334.43');
    expect(within(table).getByRole('row', { name: /#2/ }).textContent).toContain('Yours: another officer decides');
    fireEvent.click(within(table).getByRole('button', { name: 'Approve write-off #3' }));
    await waitFor(() => expect(form(api.calls('/general-ledger/write-offs/approve')[0]![1])).toEqual({ id: '3' }));
    await waitFor(() => expect(getToast()?.message).toBe('Write-off approved: the loan left the books; the borrower still owes it.'));

    fireEvent.click(screen.getByRole('button', { name: 'Propose a write-off' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Loan (order id)'), { target: { value: ' 57 ' } });
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'bad' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Propose a write-off' }));
    expect(await within(dialog).findByText('Write a reason of 5 to 500 characters saying why the loan is written off.')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'Deceased, the estate has nothing' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Propose a write-off' }));
    await waitFor(() => expect(getToast()?.message).toBe('Write-off proposed: another member approves it.'));
    const sent = form(api.calls('/general-ledger/write-offs/propose').at(-1)![1]);
    expect([sent.orderId, sent.reason]).toEqual(['57', 'Deceased, the estate has nothing']);
  });

  it('shows the allowance the matrix in force asks beside what the books hold, and proposes a matrix in percent', async () => {
    const api = consoleApi({
      ...booksRoutes,
      '/general-ledger/closes': ok(closes(1, [])),
      '/general-ledger/provisions': ok(provisions(true)),
      '/general-ledger/provisions/propose': ok({ id: 5 }),
      '/general-ledger/provisions/approve': ok(null),
    });
    renderSection(<GeneralLedgerPage me={FINANCE} />);
    const table = await screen.findByRole('table', { name: 'Allowance for credit losses' });
    expect((await within(table).findByRole('row', { name: /1-30/ })).textContent).toContain('₱2,500.00');
    expect(within(table).getByRole('row', { name: /Negosyo Loan/ }).textContent).toContain('₱2,000.00');
    expect(screen.getByTestId('allowance').textContent).toBe('On 2026-11-27 the matrix asks ₱8,500.00; the books hold ₱8,500.00.');
    const matrices = screen.getByRole('table', { name: 'Provision matrices' });
    expect(within(matrices).getByRole('row', { name: /#6/ }).textContent).toContain('Negosyo Loan');
    expect(within(matrices).getByRole('row', { name: /#3/ }).textContent).toContain("The lender's products without their own");
    fireEvent.click(within(matrices).getByRole('button', { name: 'Approve matrix #4' }));
    await waitFor(() => expect(form(api.calls('/general-ledger/provisions/approve')[0]![1])).toEqual({ id: '4' }));

    fireEvent.click(screen.getByRole('button', { name: 'Propose a provision matrix' }));
    const dialog = await screen.findByRole('dialog');
    expect((within(dialog).getByLabelText('31-60, % of principal') as HTMLInputElement).value).toBe('20.00');
    fireEvent.change(within(dialog).getByLabelText('Current, % of principal'), { target: { value: '1.5' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Propose a provision matrix' }));
    await waitFor(() => expect(getToast()?.message).toBe('Matrix proposed: another member approves it into force.'));
    const sent = form(api.calls('/general-ledger/provisions/propose').at(-1)![1]);
    expect([sent.lenderId, sent.productId, sent.rateCurrent, sent.rate1To30, sent.rateOver180]).toEqual(['1', undefined, '150', '500', '10000']);

    // A matrix for one product starts from that product's own in force.
    fireEvent.click(screen.getByRole('button', { name: 'Propose a provision matrix' }));
    const again = await screen.findByRole('dialog');
    fireEvent.change(within(again).getByLabelText('For'), { target: { value: '8' } });
    expect((within(again).getByLabelText('31-60, % of principal') as HTMLInputElement).value).toBe('40.00');
    fireEvent.click(within(again).getByRole('button', { name: 'Propose a provision matrix' }));
    await waitFor(() => expect(api.calls('/general-ledger/provisions/propose')).toHaveLength(2));
    const forProduct = form(api.calls('/general-ledger/provisions/propose').at(-1)![1]);
    expect([forProduct.productId, forProduct.rate31To60]).toEqual(['8', '4000']);
  });
});
