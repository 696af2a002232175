import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getToast, hideToast } from '@hiram/shared/ui/toastStore';
import type { OrderListRow, OrderRecord } from '../api';
import { ADMIN, AUDITOR, consoleApi, fail, form, ok, OFFICER, page, query } from '../testing/consoleApi';
import { renderSection } from '../testing/renderSection';
import { OrdersPage } from './OrdersPage';

afterEach(() => {
  vi.unstubAllGlobals();
  act(() => hideToast());
});

const ROW: OrderListRow = {
  id: 31,
  orderNo: 'HR202611220031',
  status: 21,
  borrowerId: 9,
  borrowerName: 'Maria Clara Santos',
  phone: '0917 *** 0100',
  productName: 'Bangka Negosyo Loan',
  principal: 1_500_000,
  appliedAt: '2026-11-22T01:00:00Z',
  dueDate: null,
};

const RECORD: OrderRecord = {
  ...ROW,
  productId: 5,
  lenderId: 1,
  lenderName: 'Bayanihan Cash',
  requiresReview: true,
  interest: 90_000,
  fees: 45_000,
  termDays: 30,
  extensionDays: 0,
  disbursedAt: null,
  closedAt: null,
  payoutAccount: null,
  dues: { principal: 0, interest: 0, fees: 0, penalties: 0, total: 0, credit: 0 },
  history: [{ from: null, to: 21, cause: 'application submitted', at: '2026-11-22T01:00:00Z' }],
  ledger: [],
  payouts: [],
  loan: { acceptedBy: null, terms: {}, ruleSet: null, covered: null, renewals: 0, owedToday: null, writtenOffOn: null, writtenOff: null, schedule: [], proofs: [] },
};

describe('orders and the applications queue', () => {
  it('pages on the server and filters by status', async () => {
    const api = consoleApi({ '/orders': page([ROW], 60) });
    renderSection(<OrdersPage me={AUDITOR} />);
    const table = await screen.findByRole('table', { name: 'Orders' });
    expect(await within(table).findByText('•••• ••• 0100')).toBeTruthy();
    expect(within(table).getByText('₱15,000.00')).toBeTruthy();
    expect(screen.getByText('Page 1 of 3 · 60 in all')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(api.calls('/orders')).toHaveLength(2));
    expect(query(api.calls('/orders')[1]![0])).toMatchObject({ page: '2', pageSize: '25', sort: 'newest' });
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: '180' } });
    await waitFor(() => expect(api.calls('/orders')).toHaveLength(3));
    expect(query(api.calls('/orders')[2]![0])).toMatchObject({ status: '180', page: '1' });
  });

  it('a credit officer decides an application only with a reason', async () => {
    const decided: OrderRecord = { ...RECORD, status: 151, history: [...RECORD.history, { from: 21, to: 151, cause: 'approve by Cora Dizon: Payslip checked', at: '2026-11-22T02:00:00Z' }] };
    const api = consoleApi({ '/orders': page([ROW]), '/orders/record': [ok(RECORD), ok(decided)], '/orders/decide': ok(null) });
    renderSection(<OrdersPage me={OFFICER} initialStatus="21" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Open order HR202611220031' }));
    const panel = await screen.findByRole('complementary', { name: 'Order' });
    expect(query(api.calls('/orders')[0]![0]).status).toBe('21');
    fireEvent.click(await within(panel).findByRole('button', { name: 'Approve' }));
    expect(within(panel).getByText('Write the reason, at least 5 characters.')).toBeTruthy();
    expect(api.calls('/orders/decide')).toHaveLength(0);
    fireEvent.change(within(panel).getByLabelText('Reason (kept in the audit log)'), { target: { value: 'Payslip checked' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(api.calls('/orders/decide')).toHaveLength(1));
    expect(form(api.calls('/orders/decide')[0]![1])).toEqual({ id: '31', decision: 'approve', reason: 'Payslip checked' });
    expect(getToast()?.message).toBe('Application approved. The borrower gets a text message.');
    expect(await within(panel).findByText('approve by Cora Dizon: Payslip checked')).toBeTruthy();
    expect(within(panel).queryByRole('button', { name: 'Approve' })).toBeNull();
  });

  it('keeps Status and Due date and leaves out what the open record shows', async () => {
    consoleApi({ '/orders': page([ROW]), '/orders/record': ok(RECORD) });
    renderSection(<OrdersPage me={AUDITOR} />);
    const table = await screen.findByRole('table', { name: 'Orders' });
    const headers = () => within(table).getAllByRole('columnheader').map((cell) => cell.textContent);
    await within(table).findByText('Bangka Negosyo Loan');
    expect(headers()).toEqual(['Order no.', 'Applied', 'Borrower', 'Product', 'Principal', 'Status', 'Due date']);
    fireEvent.click(screen.getByRole('button', { name: 'Open order HR202611220031' }));
    await screen.findByRole('complementary', { name: 'Order' });
    expect(headers()).toEqual(['Order no.', 'Borrower', 'Principal', 'Status', 'Due date']);
    expect(within(table).getAllByRole('row')[1]!.querySelectorAll('td')).toHaveLength(5);
  });

  it('tells an admin who may decide an application under review', async () => {
    consoleApi({ '/orders': page([ROW]), '/orders/record': ok(RECORD) });
    renderSection(<OrdersPage me={ADMIN} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Open order HR202611220031' }));
    const panel = await screen.findByRole('complementary', { name: 'Order' });
    expect(await within(panel).findByText('Only a credit officer can decide applications.')).toBeTruthy();
    expect(within(panel).queryByRole('button', { name: 'Approve' })).toBeNull();
  });

  it('shows a refused reason beside it and keeps what was typed', async () => {
    consoleApi({
      '/orders': page([ROW]),
      '/orders/record': ok(RECORD),
      '/orders/decide': fail('400', 'Write the reason, from 5 to 500 characters. It is kept in the audit log.', { field: 'reason' }),
    });
    renderSection(<OrdersPage me={OFFICER} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Open order HR202611220031' }));
    const panel = await screen.findByRole('complementary', { name: 'Order' });
    const reason = await within(panel).findByLabelText('Reason (kept in the audit log)');
    fireEvent.change(reason, { target: { value: 'Payslip?' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Reject' }));
    const error = await within(panel).findByText('Write the reason, from 5 to 500 characters. It is kept in the audit log.');
    expect(reason.getAttribute('aria-describedby')).toBe(error.id);
    expect((reason as HTMLTextAreaElement).value).toBe('Payslip?');
    expect(getToast()).toBeNull();
  });

  it('a reader sees the ledger and what is owed, and no decision form', async () => {
    const open: OrderRecord = {
      ...RECORD,
      status: 174,
      dues: { principal: 1_500_000, interest: 90_000, fees: 0, penalties: 0, total: 1_590_000, credit: 0 },
      ledger: [{ id: 1, kind: 'disbursement', key: 'disburse:31', at: '2026-11-22T03:00:00Z', lines: [{ account: 'principal_receivable', side: 'debit', amount: 1_500_000 }] }],
    };
    consoleApi({ '/orders': page([{ ...ROW, status: 174 }]), '/orders/record': ok(open) });
    renderSection(<OrdersPage me={AUDITOR} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Open order HR202611220031' }));
    const panel = await screen.findByRole('complementary', { name: 'Order' });
    expect(await within(panel).findByTestId('owed-total')).toHaveProperty('textContent', '₱15,900.00');
    expect(within(panel).getByText('disburse:31')).toBeTruthy();
    expect(within(panel).queryByRole('button', { name: 'Approve' })).toBeNull();
  });

  it("shows the loan account: the act it was accepted by, its rule set, what paying off costs today, the schedule and the cap proofs", async () => {
    const open: OrderRecord = {
      ...RECORD,
      status: 174,
      loan: {
        acceptedBy: 'agree_button',
        terms: {},
        ruleSet: 'SEC-MC-14-2025',
        covered: true,
        renewals: 1,
        owedToday: { principal: 1_500_000, interest: 12_345, fees: 0, penalties: 0, total: 1_512_345, credit: 0 },
        writtenOffOn: '2026-11-20',
        writtenOff: 1_512_345,
        schedule: [
          { number: 1, dueDate: '2026-12-22', amount: 560_000, remaining: 0, settled: true },
          { number: 2, dueDate: '2027-01-21', amount: 540_000, remaining: 540_000, settled: false },
        ],
        proofs: [
          { occasion: 'acceptance', ruleSet: 'SEC-MC-14-2025', passed: true, at: '2026-11-22T02:00:00Z', effectiveRate: '5.123456%', body: {} },
          { occasion: 'renewal', ruleSet: 'SEC-MC-14-2025', passed: false, at: '2026-12-20T02:00:00Z', effectiveRate: null, body: {} },
        ],
      },
    };
    consoleApi({ '/orders': page([{ ...ROW, status: 174 }]), '/orders/record': ok(open) });
    renderSection(<OrdersPage me={AUDITOR} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Open order HR202611220031' }));
    const panel = await screen.findByRole('complementary', { name: 'Order' });
    const loan = (await within(panel).findByRole('heading', { name: 'Loan account' })).closest('section')!;
    expect(within(loan).getByText('Accepted by', { selector: 'dt' }).nextElementSibling?.textContent).toBe('Agree in the agreement window, then Next');
    expect(within(loan).getByText('Rule set', { selector: 'dt' }).nextElementSibling?.textContent).toBe('SEC-MC-14-2025 · covered loan');
    expect(within(loan).getByTestId('owed-today-total').textContent).toBe('₱15,123.45');
    expect(within(loan).getByText('Written off', { selector: 'dt' }).nextElementSibling?.textContent).toBe(
      'on 2026-11-20, ₱15,123.45 owed then; nothing charged since, and payments are recoveries',
    );
    const schedule = within(loan).getByRole('table', { name: 'Schedule' });
    expect(within(schedule).getAllByRole('row').map((row) => row.textContent)).toEqual([
      '#Due dateAmountRemainingStatus',
      '12026-12-22₱5,600.00₱0.00Settled',
      '22027-01-21₱5,400.00₱5,400.00Open',
    ]);
    const proofs = within(loan).getByRole('table', { name: 'Cap proofs' });
    const rows = within(proofs).getAllByRole('row').slice(1);
    expect(rows[0]!.textContent).toContain('Acceptance');
    expect(rows[0]!.textContent).toContain('SEC-MC-14-2025');
    expect(rows[0]!.textContent).toContain('Passed');
    expect(rows[0]!.textContent).toContain('5.123456%');
    expect(rows[1]!.textContent).toContain('Renewal (extension)');
    expect(rows[1]!.textContent).toContain('Failed');
  });
});
