import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getToast, hideToast } from '@hiram/shared/ui/toastStore';
import type { AdjustmentRow } from '../api';
import { AUDITOR, consoleApi, fail, FINANCE, form, ok } from '../testing/consoleApi';
import { renderSection } from '../testing/renderSection';
import { AdjustmentsPage } from './AdjustmentsPage';

afterEach(() => {
  vi.unstubAllGlobals();
  act(() => hideToast());
});

const waiver = (id: number, proposedBy: number): AdjustmentRow => ({
  id,
  orderId: 301,
  bucket: 'penalties',
  amount: 15_000,
  reason: 'Complaint 12 upheld',
  proposedBy,
  status: 'proposed',
  decidedBy: null,
  proposedAt: '2026-11-22T01:00:00Z',
});

const table = () => screen.getByRole('table', { name: 'Waivers' });

describe('waivers under maker-checker', () => {
  it('offers approval only of someone else’s proposal', async () => {
    const api = consoleApi({ '/refunds': ok([]), '/adjustments': ok([waiver(1, 99), waiver(2, FINANCE.id)]), '/adjustments/approve': ok(null) });
    renderSection(<AdjustmentsPage me={FINANCE} />);
    expect(await within(table()).findAllByText('₱150.00')).toHaveLength(2);
    expect(within(table()).getByText('Yours: another officer decides')).toBeTruthy();
    expect(within(table()).queryByRole('button', { name: 'Approve waiver #2' })).toBeNull();
    fireEvent.click(within(table()).getByRole('button', { name: 'Approve waiver #1' }));
    await waitFor(() => expect(api.calls('/adjustments/approve')).toHaveLength(1));
    expect(form(api.calls('/adjustments/approve')[0]![1])).toEqual({ id: '1' });
    expect(getToast()?.message).toBe('Waiver approved and posted to the order.');
  });

  it('proposes in centavos with a reason; a reader can neither propose nor decide', async () => {
    const api = consoleApi({ '/refunds': ok([]), '/adjustments': ok([]), '/adjustments/propose': ok({ id: 3 }) });
    const { unmount } = renderSection(<AdjustmentsPage me={FINANCE} />);
    const propose = await screen.findByRole('form', { name: 'Propose a waiver' });
    fireEvent.change(within(propose).getByLabelText('Order ID'), { target: { value: '301' } });
    fireEvent.change(within(propose).getByLabelText('Amount to waive (₱)'), { target: { value: '150.5' } });
    fireEvent.click(within(propose).getByRole('button', { name: 'Propose a waiver' }));
    expect(within(propose).getByText(/a reason of at least 5 characters/)).toBeTruthy();
    fireEvent.change(within(propose).getByLabelText('Reason (kept in the audit log)'), { target: { value: 'Complaint 12 upheld' } });
    fireEvent.click(within(propose).getByRole('button', { name: 'Propose a waiver' }));
    await waitFor(() => expect(api.calls('/adjustments/propose')).toHaveLength(1));
    expect(form(api.calls('/adjustments/propose')[0]![1])).toEqual({ orderId: '301', bucket: 'penalties', amount: '15050', reason: 'Complaint 12 upheld' });
    const headers = api.calls('/adjustments/propose')[0]![1]?.headers as Record<string, string>;
    expect(headers['Idempotency-Key']).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    unmount();
    consoleApi({ '/refunds': ok([]), '/adjustments': ok([waiver(1, 99)]) });
    renderSection(<AdjustmentsPage me={AUDITOR} />);
    expect(await within(table()).findByText('Complaint 12 upheld')).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Propose a waiver' })).toBeNull();
    expect(within(table()).queryByRole('button')).toBeNull();
    expect(screen.getByText('Only finance staff can propose changes to what is owed.')).toBeTruthy();
    expect(screen.getByText('Only finance staff can approve or reject proposals.')).toBeTruthy();
  });

  it('shows a refused amount beside it and keeps what was entered', async () => {
    consoleApi({ '/refunds': ok([]), '/adjustments': ok([]), '/adjustments/propose': fail('400', 'Please check: amount.', { field: 'amount' }) });
    renderSection(<AdjustmentsPage me={FINANCE} />);
    const propose = await screen.findByRole('form', { name: 'Propose a waiver' });
    fireEvent.change(within(propose).getByLabelText('Order ID'), { target: { value: '301' } });
    const amount = within(propose).getByLabelText('Amount to waive (₱)');
    fireEvent.change(amount, { target: { value: '99999' } });
    fireEvent.change(within(propose).getByLabelText('Reason (kept in the audit log)'), { target: { value: 'Complaint 12 upheld' } });
    fireEvent.click(within(propose).getByRole('button', { name: 'Propose a waiver' }));
    const error = await within(propose).findByText('Please check: amount.');
    expect(amount.getAttribute('aria-describedby')).toContain(error.id);
    expect((amount as HTMLInputElement).value).toBe('99999');
    expect((within(propose).getByLabelText('Reason (kept in the audit log)') as HTMLInputElement).value).toBe('Complaint 12 upheld');
    expect(getToast()).toBeNull();
  });

  it('lists refunds with where the money stands, proposes one in pesos, and approves another member’s', async () => {
    const refund = (id: number, proposedBy: number, status: string, detail: string | null = null) => ({
      id,
      orderId: 301,
      amount: 530_666,
      reason: 'Paid the loan twice',
      status,
      proposedBy,
      proposedByToken: null,
      proposedAt: '2026-11-22T01:00:00Z',
      decidedBy: status === 'proposed' ? null : 99,
      decidedAt: status === 'proposed' ? null : '2026-11-22T02:00:00Z',
      transactionId: status === 'sent' ? 'SBX-PO-1' : null,
      detail,
    });
    const api = consoleApi({
      '/adjustments': ok([]),
      '/refunds': ok([refund(3, 99, 'proposed'), refund(2, 99, 'failed', 'the receiving account is closed'), refund(1, 99, 'sent', 'sent')]),
      '/refunds/approve': ok({ status: 'sent' }),
      '/refunds/propose': ok({ id: 4 }),
    });
    renderSection(<AdjustmentsPage me={FINANCE} />);
    const refunds = await screen.findByRole('table', { name: 'Refunds of borrower credit' });
    expect((await within(refunds).findByRole('row', { name: /#2/ })).textContent).toContain('Refused by the gateway · the receiving account is closed');
    expect(within(refunds).getByRole('row', { name: /#1/ }).textContent).toContain('Sent');
    fireEvent.click(within(refunds).getByRole('button', { name: 'Approve refund #3' }));
    await waitFor(() => expect(form(api.calls('/refunds/approve')[0]![1])).toEqual({ id: '3' }));
    fireEvent.click(screen.getByRole('button', { name: 'Propose a refund' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Order ID'), { target: { value: '301' } });
    fireEvent.change(within(dialog).getByLabelText('Amount to refund (₱)'), { target: { value: '5,306.66' } });
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'Paid the loan twice' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Propose a refund' }));
    await waitFor(() => expect(getToast()?.message).toBe('Refund proposed: another member approves it, then the gateway sends it.'));
    expect(form(api.calls('/refunds/propose')[0]![1])).toEqual({ orderId: '301', amount: '530666', reason: 'Paid the loan twice' });
  });
});
