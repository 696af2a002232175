import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { hideToast } from '@hiram/shared/ui/toastStore';
import { consoleApi, ok, query } from '../testing/consoleApi';
import { renderSection } from '../testing/renderSection';
import { SmsOutboxPage } from './SmsOutboxPage';

afterEach(() => {
  vi.unstubAllGlobals();
  act(() => hideToast());
});

const message = (id: number, body: string) => ({
  id, phone: '+639175550100', delivery: 'sms', body, provider: 'outbox', status: 'sent', createdAt: '2025-03-04T02:00:00Z',
});

describe('the SMS outbox', () => {
  it('shows the newest 50 messages, newest first, and one number’s on request', async () => {
    const api = consoleApi({ '/sms-outbox': ok([message(1, 'First'), message(2, 'Second')]) });
    renderSection(<SmsOutboxPage />);
    const table = screen.getByRole('table', { name: 'SMS outbox' });
    await within(table).findByText('Second');
    expect(query(api.calls('/sms-outbox')[0]![0])).toEqual({ limit: '50' });
    const bodies = within(table).getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell')[5]!.textContent);
    expect(bodies).toEqual(['Second', 'First']);
    fireEvent.change(screen.getByLabelText('Mobile number'), { target: { value: '0917 555 0100' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show' }));
    await waitFor(() => expect(api.calls('/sms-outbox')).toHaveLength(2));
    expect(query(api.calls('/sms-outbox')[1]![0])).toEqual({ limit: '50', phone: '0917 555 0100' });
  });
});
