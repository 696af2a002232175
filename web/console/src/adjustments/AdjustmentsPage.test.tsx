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
    const api = consoleApi({ '/adjustments': ok([waiver(1, 99), waiver(2, FINANCE.id)]), '/adjustments/approve': ok(null) });
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
    const api = consoleApi({ '/adjustments': ok([]), '/adjustments/propose': ok({ id: 3 }) });
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
    consoleApi({ '/adjustments': ok([waiver(1, 99)]) });
    renderSection(<AdjustmentsPage me={AUDITOR} />);
    expect(await within(table()).findByText('Complaint 12 upheld')).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Propose a waiver' })).toBeNull();
    expect(within(table()).queryByRole('button')).toBeNull();
    expect(screen.getByText('Only finance staff can propose changes to what is owed.')).toBeTruthy();
    expect(screen.getByText('Only finance staff can approve or reject proposals.')).toBeTruthy();
  });

  it('shows a refused amount beside it and keeps what was entered', async () => {
    consoleApi({ '/adjustments': ok([]), '/adjustments/propose': fail('400', 'Please check: amount.', { field: 'amount' }) });
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
});
