import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { hideToast } from '@hiram/shared/ui/toastStore';
import type { BorrowerProfile } from '../api';
import { CARE, consoleApi, fail, FINANCE, form, OFFICER, ok, page, query } from '../testing/consoleApi';
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
    { section: 'basic', code: 'selfie', value: '/pany/uploads/0123456789abcdef0123456789abcdef' },
  ],
  consents: [{ kind: 'photos', granted: true, at: '2026-05-06T01:05:00Z' }],
  orders: [],
  payoutAccount: 'GCash •••• 4567',
  identityReview: null,
};

const WITH_PHOTOS: BorrowerProfile = {
  ...PROFILE,
  kyc: [...PROFILE.kyc, { section: 'basic', code: 'id_photo', value: '/pany/uploads/fedcba9876543210fedcba9876543210' }],
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
    const panel = await openProfile();
    expect(query(api.calls('/borrowers').at(-1)![0])).toMatchObject({ q: 'Clara', page: '1' });
    expect(await within(panel).findByText('••••••••78')).toBeTruthy();
    // The selfie is shown as the picture, through the console's own address for it.
    expect(within(panel).getByRole('img', { name: 'selfie' }).getAttribute('src')).toBe('/api/console/uploads/0123456789abcdef0123456789abcdef');
    expect(within(panel).queryByRole('button', { name: 'Show personal data' })).toBeNull();
    expect(within(panel).getByText('Only a credit officer or customer care can show personal data.')).toBeTruthy();
  });

  it('lists every borrower newest first before any search, and back after one', async () => {
    const api = consoleApi({
      '/borrowers': page([
        { id: 12, name: '', phone: '0918 *** 0002', registeredAt: '2026-05-07T01:00:00Z' },
        { id: 9, name: 'Maria Clara Santos', phone: '0917 *** 0100', registeredAt: '2026-05-06T01:00:00Z' },
      ]),
    });
    renderSection(<BorrowersPage me={CARE} />);
    const table = await screen.findByRole('table', { name: 'Borrowers' });
    await within(table).findByRole('button', { name: 'Maria Clara Santos' });
    const names = within(table).getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell')[0]!.textContent);
    expect(names).toEqual(['#12', '#9']);
    expect(query(api.calls('/borrowers')[0]![0])).toEqual({ page: '1', pageSize: '25' });
    expect(screen.getByText('Newest first. Search by mobile number or name to narrow the list.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Mobile number or name'), { target: { value: 'Clara' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Show all' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Show all' })).toBeNull());
    expect((screen.getByLabelText('Mobile number or name') as HTMLInputElement).value).toBe('');
  });

  it('shows a refused reason beside it and keeps what was typed', async () => {
    consoleApi({
      '/borrowers': page([{ id: 9, name: 'Maria Clara Santos', phone: '0917 *** 0100', registeredAt: '2026-05-06T01:00:00Z' }]),
      '/borrowers/profile': ok(PROFILE),
      '/borrowers/reveal': fail('400', 'Write the reason, from 5 to 500 characters. It is kept in the audit log.', { field: 'reason' }),
    });
    renderSection(<BorrowersPage me={CARE} />);
    const panel = await openProfile();
    fireEvent.click(await within(panel).findByRole('button', { name: 'Show personal data' }));
    const dialog = screen.getByRole('dialog', { name: 'Why do you need to see it?' });
    const reason = within(dialog).getByLabelText('Reason (kept in the audit log)');
    fireEvent.change(reason, { target: { value: 'why' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Show personal data' }));
    const error = await within(dialog).findByText('Write the reason, from 5 to 500 characters. It is kept in the audit log.');
    expect(reason.getAttribute('aria-invalid')).toBe('true');
    expect(reason.getAttribute('aria-describedby')).toBe(error.id);
    expect((reason as HTMLInputElement).value).toBe('why');
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
    expect(within(panel).getByText('0917 555 0100')).toBeTruthy();
    expect(form(api.calls('/borrowers/reveal')[0]![1])).toEqual({ id: '9', reason: 'Complaint 12 identity check' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('a credit officer rejects the identity photos with a reason, and the panel shows the review', async () => {
    let reviewed = false;
    const api = consoleApi({
      '/borrowers': page([{ id: 9, name: 'Maria Clara Santos', phone: '0917 *** 0100', registeredAt: '2026-05-06T01:00:00Z' }]),
      '/borrowers/profile': () =>
        ok(
          reviewed
            ? { ...PROFILE, identityReview: { outcome: 'rejected', reason: 'The ID photo is blurred.', reviewer: 'Maria Santos', at: '2026-05-07T01:00:00Z' } }
            : WITH_PHOTOS,
        ),
      '/borrowers/identity-review': (_url: string, init?: RequestInit) => {
        const sent = form(init);
        if (sent.reason === '') return fail('400', 'Write the reason, from 5 to 500 characters. It is kept in the audit log.', { field: 'reason' });
        reviewed = true;
        return ok(null);
      },
    });
    renderSection(<BorrowersPage me={OFFICER} />);
    const panel = await openProfile();
    const review = await within(panel).findByRole('region', { name: 'Identity review' });
    expect(within(review).getByText('Not reviewed yet.')).toBeTruthy();
    fireEvent.click(within(review).getByRole('button', { name: 'Reject photos' }));
    const dialog = screen.getByRole('dialog', { name: 'Why can the identity not be confirmed?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject photos' }));
    expect(await within(dialog).findByText('Write the reason, from 5 to 500 characters. It is kept in the audit log.')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Reason (kept in the audit log)'), { target: { value: 'The ID photo is blurred.' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject photos' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(form(api.calls('/borrowers/identity-review').at(-1)![1])).toEqual({ id: '9', outcome: 'rejected', reason: 'The ID photo is blurred.' });
    expect(await within(review).findByText(/^Rejected by Maria Santos, /)).toBeTruthy();
    expect(within(review).getByText('The ID photo is blurred.')).toBeTruthy();
    // The photos are gone from the borrower's answers: nothing left to judge.
    expect(within(review).queryByRole('button', { name: 'Approve identity' })).toBeNull();
  });

  it('customer care sees the review but cannot decide it', async () => {
    consoleApi({
      '/borrowers': page([{ id: 9, name: 'Maria Clara Santos', phone: '0917 *** 0100', registeredAt: '2026-05-06T01:00:00Z' }]),
      '/borrowers/profile': ok(WITH_PHOTOS),
    });
    renderSection(<BorrowersPage me={CARE} />);
    const panel = await openProfile();
    const review = await within(panel).findByRole('region', { name: 'Identity review' });
    expect(within(review).queryByRole('button', { name: 'Approve identity' })).toBeNull();
  });
});
