import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { hideToast } from '@hiram/shared/ui/toastStore';
import type { BorrowerProfile } from '../api';
import { CARE, consoleApi, FINANCE, form, ok, page, query } from '../testing/consoleApi';
import { renderSection } from '../testing/renderSection';
import { BorrowersPage } from './BorrowersPage';

afterEach(() => {
  vi.unstubAllGlobals();
  act(() => hideToast());
});

const PROFILE: BorrowerProfile = {
  id: 9,
  name: 'Maria Clara Santos',
  phone: '0917 *** 0100',
  registeredAt: '2026-05-06T01:00:00Z',
  kyc: [
    { section: 'basic', code: 'id_number', value: '••••••••78' },
    { section: 'basic', code: 'gender', value: 'F' },
  ],
  consents: [{ kind: 'photos', granted: true, at: '2026-05-06T01:05:00Z' }],
  orders: [],
  payoutAccount: 'GCash •••• 4567',
};

async function openProfile() {
  fireEvent.change(screen.getByLabelText('Mobile number or name'), { target: { value: 'Clara' } });
  fireEvent.click(screen.getByRole('button', { name: 'Search' }));
  fireEvent.click(await screen.findByRole('button', { name: 'Maria Clara Santos' }));
  return screen.findByRole('complementary', { name: 'Borrower' });
}

describe('borrowers', () => {
  it('searches on the server and shows personal data masked', async () => {
    const api = consoleApi({
      '/borrowers': page([{ id: 9, name: 'Maria Clara Santos', phone: '0917 *** 0100', registeredAt: '2026-05-06T01:00:00Z' }]),
      '/borrowers/profile': ok(PROFILE),
    });
    renderSection(<BorrowersPage me={FINANCE} />);
    expect(api.calls('/borrowers')).toHaveLength(0);
    const panel = await openProfile();
    expect(query(api.calls('/borrowers')[0]![0])).toMatchObject({ q: 'Clara', page: '1' });
    expect(await within(panel).findByText('••••••••78')).toBeTruthy();
    expect(within(panel).queryByRole('button', { name: 'Show personal data' })).toBeNull();
  });

  it('reveals only after the reason is given, and shows what the server returned', async () => {
    const api = consoleApi({
      '/borrowers': page([{ id: 9, name: 'Maria Clara Santos', phone: '0917 *** 0100', registeredAt: '2026-05-06T01:00:00Z' }]),
      '/borrowers/profile': ok(PROFILE),
      '/borrowers/reveal': ok({ phone: '09175550100', kyc: [{ section: 'basic', code: 'id_number', value: 'PSN-1234-5678' }] }),
    });
    renderSection(<BorrowersPage me={CARE} />);
    const panel = await openProfile();
    fireEvent.click(await within(panel).findByRole('button', { name: 'Show personal data' }));
    const dialog = screen.getByRole('dialog', { name: 'Why do you need to see it?' });
    fireEvent.change(within(dialog).getByLabelText('Reason (kept in the audit log)'), { target: { value: 'Complaint 12 identity check' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Show personal data' }));
    expect(await within(panel).findByText('PSN-1234-5678')).toBeTruthy();
    expect(within(panel).getByText('09175550100')).toBeTruthy();
    expect(form(api.calls('/borrowers/reveal')[0]![1])).toEqual({ id: '9', reason: 'Complaint 12 identity check' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
