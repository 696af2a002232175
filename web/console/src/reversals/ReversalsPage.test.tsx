import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getToast, hideToast } from '@hiram/shared/ui/toastStore';
import type { OrderRecord, ReversalRow } from '../api';
import { AUDITOR, consoleApi, FINANCE, form, ok, query } from '../testing/consoleApi';
import { renderSection } from '../testing/renderSection';
import { ReversalsPage } from './ReversalsPage';

afterEach(() => {
  vi.unstubAllGlobals();
  act(() => hideToast());
});

const proposal = (id: number, proposedBy: number): ReversalRow => ({
  id,
  orderId: 301,
  entryId: 12,
  amount: 327_300,
  reason: 'GCash reversed the transfer',
  proposedBy,
  proposedAt: '2026-11-24T01:00:00Z',
  status: 'proposed',
  decidedBy: null,
  decidedAt: null,
});

const RECORD: OrderRecord = {
  id: 301,
  orderNo: 'HR202611240301',
  status: 200,
  borrowerId: 9,
  borrowerName: 'Maria Clara Santos',
  phone: '0917 *** 0100',
  productId: 5,
  productName: 'Bangka Negosyo Loan',
  lenderId: 1,
  lenderName: 'Bayanihan Cash',
  requiresReview: false,
  principal: 300_000,
  interest: 27_300,
  fees: 0,
  termDays: 91,
  extensionDays: 0,
  appliedAt: '2026-08-01T01:00:00Z',
  disbursedAt: '2026-08-01T02:00:00Z',
  dueDate: '2026-10-31',
  closedAt: '2026-11-20T02:00:00Z',
  loan: { acceptedBy: null, terms: {}, ruleSet: null, covered: null, renewals: 0, owedToday: null, writtenOffOn: null, writtenOff: null, schedule: [], proofs: [] },
  payoutAccount: null,
  dues: { principal: 0, interest: 0, fees: 0, penalties: 0, total: 0, credit: 0 },
  history: [],
  ledger: [
    { id: 11, kind: 'disbursement', key: 'disburse:301', at: '2026-08-01T02:00:00Z', lines: [{ account: 'principal_receivable', side: 'debit', amount: 300_000 }, { account: 'cash', side: 'credit', amount: 300_000 }] },
    { id: 12, kind: 'repayment', key: 'maya:77', at: '2026-11-20T02:00:00Z', lines: [{ account: 'cash', side: 'debit', amount: 327_300 }, { account: 'principal_receivable', side: 'credit', amount: 327_300 }] },
  ],
  payouts: [],
};

const table = () => screen.getByRole('table', { name: 'Payment reversals' });

describe('payment reversals under maker-checker', () => {
  it('lists waiting proposals and lets an officer approve only someone else’s', async () => {
    const api = consoleApi({ '/reversals': ok([proposal(1, 99), proposal(2, FINANCE.id)]), '/reversals/approve': ok({ owed: 327_300, status: 180 }) });
    renderSection(<ReversalsPage me={FINANCE} />);
    expect(await within(table()).findAllByText('₱3,273.00')).toHaveLength(2);
    expect(query(api.calls('/reversals')[0]![0])).toEqual({ status: 'proposed' });
    expect(within(table()).getByText('Yours: another officer decides')).toBeTruthy();
    expect(within(table()).queryByRole('button', { name: 'Approve reversal #2' })).toBeNull();
    fireEvent.click(within(table()).getByRole('button', { name: 'Approve reversal #1' }));
    await waitFor(() => expect(api.calls('/reversals/approve')).toHaveLength(1));
    expect(form(api.calls('/reversals/approve')[0]![1])).toEqual({ id: '1' });
    await waitFor(() => expect(getToast()?.message).toBe('Reversal approved: the order owes ₱3,273.00 again.'));
  });

  it('proposes from the order’s payments with a reason, the whole payment unless an amount is given', async () => {
    const api = consoleApi({ '/reversals': ok([]), '/orders/record': ok(RECORD), '/reversals/propose': [ok({ id: 3 }), ok({ id: 4 })] });
    renderSection(<ReversalsPage me={FINANCE} />);
    const propose = await screen.findByRole('form', { name: 'Propose a reversal' });
    fireEvent.change(within(propose).getByLabelText('Order ID'), { target: { value: '301' } });
    fireEvent.click(within(propose).getByRole('button', { name: 'Show the payments' }));
    const payment = await within(propose).findByLabelText(/Payment #12 · ₱3,273.00/);
    expect(within(propose).queryByLabelText(/Payment #11/)).toBeNull();
    fireEvent.click(within(propose).getByRole('button', { name: 'Propose a reversal' }));
    expect(within(propose).getByText(/Pick a payment and give a reason/)).toBeTruthy();
    fireEvent.click(payment);
    fireEvent.change(within(propose).getByLabelText('Reason (kept in the audit log)'), { target: { value: 'GCash reversed the transfer' } });
    fireEvent.click(within(propose).getByRole('button', { name: 'Propose a reversal' }));
    await waitFor(() => expect(api.calls('/reversals/propose')).toHaveLength(1));
    expect(form(api.calls('/reversals/propose')[0]![1])).toEqual({ orderId: '301', entryId: '12', reason: 'GCash reversed the transfer' });
    expect(getToast()?.message).toBe('Reversal proposed. Another officer must approve it.');

    fireEvent.change(within(propose).getByLabelText('Amount to take back (₱; empty for the whole payment)'), { target: { value: '1000.5' } });
    fireEvent.change(within(propose).getByLabelText('Reason (kept in the audit log)'), { target: { value: 'Part of the transfer disputed' } });
    fireEvent.click(within(propose).getByRole('button', { name: 'Propose a reversal' }));
    await waitFor(() => expect(api.calls('/reversals/propose')).toHaveLength(2));
    expect(form(api.calls('/reversals/propose')[1]![1])).toEqual({ orderId: '301', entryId: '12', amount: '100050', reason: 'Part of the transfer disputed' });
  });

  it('tells a reader who may propose and who may decide', async () => {
    consoleApi({ '/reversals': ok([proposal(1, 99)]) });
    renderSection(<ReversalsPage me={AUDITOR} />);
    expect(await within(table()).findByText('GCash reversed the transfer')).toBeTruthy();
    expect(screen.getByText('Only finance staff can approve or reject proposals.')).toBeTruthy();
    expect(screen.getByText('Only finance staff can propose changes to what is owed.')).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Propose a reversal' })).toBeNull();
    expect(within(table()).queryByRole('button')).toBeNull();
  });
});
