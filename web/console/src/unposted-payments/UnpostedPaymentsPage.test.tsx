import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getToast, hideToast } from '@hiram/shared/ui/toastStore';
import type { QueuedPayment } from '../api';
import { AUDITOR, consoleApi, FINANCE, form, ok, page, query } from '../testing/consoleApi';
import { renderSection } from '../testing/renderSection';
import { UnpostedPaymentsPage } from './UnpostedPaymentsPage';

afterEach(() => {
  vi.unstubAllGlobals();
  act(() => hideToast());
});

const PAYMENT: QueuedPayment = {
  id: 5,
  borrowerId: 41,
  orderId: 301,
  channel: 'GCash',
  reference: 'GC-778812',
  amount: 123456,
  status: 'pending',
  note: '',
  createdAt: '2025-03-04T02:00:00Z',
};

const table = () => screen.getByRole('table', { name: 'Unposted payments' });

describe('unposted payments', () => {
  it('lists the pending queue with amounts in pesos; a reader gets no actions', async () => {
    const api = consoleApi({ '/unposted-payments': page([PAYMENT]) });
    renderSection(<UnpostedPaymentsPage me={AUDITOR} />);
    expect(await within(table()).findByText('₱1,234.56')).toBeTruthy();
    expect(query(api.calls('/unposted-payments')[0]![0])).toEqual({ status: 'pending', page: '1', pageSize: '25' });
    expect(within(table()).getByText('GC-778812')).toBeTruthy();
    expect(within(table()).queryByRole('button')).toBeNull();
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'rejected' } });
    await waitFor(() => expect(api.calls('/unposted-payments')).toHaveLength(2));
    expect(query(api.calls('/unposted-payments')[1]![0]).status).toBe('rejected');
  });

  it('matches to another order with a note', async () => {
    const api = consoleApi({ '/unposted-payments': [page([PAYMENT]), page([])], '/unposted-payments/match': ok(null) });
    renderSection(<UnpostedPaymentsPage me={FINANCE} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Match payment #5' }));
    const dialog = screen.getByRole('dialog', { name: 'Match payment #5' });
    const order = within(dialog).getByLabelText('Order ID') as HTMLInputElement;
    expect(order.value).toBe('301');
    fireEvent.change(order, { target: { value: '302' } });
    fireEvent.change(within(dialog).getByLabelText('Note'), { target: { value: 'Found in GCash statement' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Match' }));
    await waitFor(() => expect(api.calls('/unposted-payments/match')).toHaveLength(1));
    expect(form(api.calls('/unposted-payments/match')[0]![1])).toEqual({ id: '5', orderId: '302', note: 'Found in GCash statement' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(getToast()?.message).toBe('Payment matched and posted to the order.');
    expect(api.calls('/unposted-payments')).toHaveLength(2);
  });

  it('rejects only with a note', async () => {
    const api = consoleApi({ '/unposted-payments': page([PAYMENT]), '/unposted-payments/reject': ok(null) });
    renderSection(<UnpostedPaymentsPage me={FINANCE} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Reject payment #5' }));
    const dialog = screen.getByRole('dialog', { name: 'Reject payment #5' });
    expect(within(dialog).queryByLabelText('Order ID')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(within(dialog).getByText('Write why the payment is rejected.')).toBeTruthy();
    expect(api.calls('/unposted-payments/reject')).toHaveLength(0);
    fireEvent.change(within(dialog).getByLabelText('Note'), { target: { value: 'No such reference' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(api.calls('/unposted-payments/reject')).toHaveLength(1));
    expect(form(api.calls('/unposted-payments/reject')[0]![1])).toEqual({ id: '5', note: 'No such reference' });
  });
});
