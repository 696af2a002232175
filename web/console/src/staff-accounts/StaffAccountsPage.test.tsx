import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getToast, hideToast } from '@hiram/shared/ui/toastStore';
import { ADMIN, consoleApi, fail, form, ok } from '../testing/consoleApi';
import { renderSection } from '../testing/renderSection';
import type { StaffAccountRow } from './api';
import { StaffAccountsPage } from './StaffAccountsPage';

afterEach(() => {
  vi.unstubAllGlobals();
  act(() => hideToast());
});

const account = (id: number, overrides: Partial<StaffAccountRow> = {}): StaffAccountRow => ({
  id,
  email: `staff${id}@example.ph`,
  name: `Staff ${id}`,
  role: 'customer_care',
  active: true,
  createdAt: '2026-11-20T01:00:00Z',
  enrolled: true,
  enrolment: null,
  ...overrides,
});

const ACCOUNTS = [
  account(ADMIN.id, { email: ADMIN.email, name: ADMIN.name, role: 'admin' }),
  account(8, { name: 'Liza Reyes', email: 'liza@example.ph' }),
  account(9, { name: 'Ben Cruz', role: 'finance', active: false }),
];

const mailed = (purpose: string) => ({ purpose, status: 'mailed', requestedBy: ADMIN.id, expiresAt: '2026-11-23T01:00:00Z' });

/** A new member: not enrolled, the link mailed to them. */
const CREATED = account(10, { name: 'Mara Santos', email: 'mara@example.ph', enrolled: false, enrolment: mailed('new') });

const LAST_ADMIN = 'This is the last active administrator. Add or reactivate another administrator first.';

/** Liza after a reset: signed out, her new link mailed. */
const RESET = { ...ACCOUNTS[1]!, enrolled: false, enrolment: mailed('reset') };

/** A finance member another admin asked for, waiting for this admin's approval. */
const WAITING = account(11, {
  name: 'Nina Lim',
  email: 'nina@example.ph',
  role: 'finance',
  enrolled: false,
  enrolment: { purpose: 'new', status: 'awaiting_approval', requestedBy: 99, expiresAt: null },
});

const OWN_RESET = 'You cannot reset your own sign-in. Ask another administrator to reset it.';

function setup({
  adding = [ok(CREATED)],
  deactivating = ok({ ...ACCOUNTS[1], active: false }),
  resetting = ok(RESET),
}: { adding?: unknown[]; deactivating?: unknown; resetting?: unknown } = {}) {
  let added = 0;
  const api = consoleApi({
    '/staff-accounts': (_url: string, init?: RequestInit) =>
      init?.method === 'POST' ? adding[Math.min(added++, adding.length - 1)] : ok([...ACCOUNTS, WAITING]),
    '/staff-accounts/approve-sign-in': ok({ ...WAITING, enrolment: mailed('new') }),
    '/staff-accounts/deactivate': deactivating,
    '/staff-accounts/reactivate': ok({ ...ACCOUNTS[2], active: true }),
    '/staff-accounts/reset': resetting,
  });
  renderSection(<StaffAccountsPage me={ADMIN} />);
  return api;
}

const table = () => screen.getByRole('table', { name: 'Staff accounts' });
const rowOf = (name: string) => within(table()).getByText(name).closest('tr')!;
const listings = (api: ReturnType<typeof setup>) =>
  api.calls('/staff-accounts').filter(([, init]) => init?.method !== 'POST');
const additions = (api: ReturnType<typeof setup>) =>
  api.calls('/staff-accounts').filter(([, init]) => init?.method === 'POST');

describe('staff accounts', () => {
  it('lists every account with its role and state; nobody is offered to deactivate themselves', async () => {
    setup();
    await within(table()).findByText('Liza Reyes');
    expect(within(rowOf(ADMIN.name)).getByText('you')).toBeTruthy();
    expect(within(rowOf(ADMIN.name)).queryByRole('button')).toBeNull();
    expect(within(rowOf('Liza Reyes')).getByText('Customer care')).toBeTruthy();
    expect(within(rowOf('Liza Reyes')).getByRole('button', { name: 'Deactivate Liza Reyes' })).toBeTruthy();
    expect(within(rowOf('Ben Cruz')).getByText('Deactivated')).toBeTruthy();
    expect(within(rowOf('Ben Cruz')).getByRole('button', { name: 'Reactivate Ben Cruz' })).toBeTruthy();
  });

  it('offers to reset the sign-in of other active members only: not one’s own, not a deactivated account', async () => {
    setup();
    await within(table()).findByText('Liza Reyes');
    expect(within(rowOf('Liza Reyes')).getByRole('button', { name: 'Reset sign-in of Liza Reyes' })).toBeTruthy();
    expect(within(rowOf(ADMIN.name)).queryByRole('button', { name: /Reset sign-in/ })).toBeNull();
    expect(within(rowOf('Ben Cruz')).queryByRole('button', { name: /Reset sign-in/ })).toBeNull();
  });

  it('resets a sign-in only after confirmation, then says the link went to the member, showing no secret', async () => {
    const api = setup();
    await within(table()).findByText('Liza Reyes');
    fireEvent.click(screen.getByRole('button', { name: 'Reset sign-in of Liza Reyes' }));
    let confirm = screen.getByRole('dialog', { name: 'Reset sign-in of Liza Reyes?' });
    expect(confirm.textContent).toContain('stop working at once, and Liza Reyes is signed out everywhere');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.calls('/staff-accounts/reset')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Reset sign-in of Liza Reyes' }));
    confirm = screen.getByRole('dialog', { name: 'Reset sign-in of Liza Reyes?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Reset sign-in' }));
    await waitFor(() => expect(getToast()?.message).toBe('A sign-in link was sent to liza@example.ph. Liza Reyes chooses a password and sets up the authenticator through it.'));
    expect(form(api.calls('/staff-accounts/reset')[0]![1])).toEqual({ id: '8' });
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(listings(api)).toHaveLength(2));
    expect(api.calls('/staff-accounts/deactivate')).toHaveLength(0);
  });

  it('offers a second admin to approve a money role’s sign-in, and never the admin who asked', async () => {
    const api = setup();
    await within(table()).findByText('Nina Lim');
    expect(within(rowOf('Nina Lim')).getByText('Waiting for approval')).toBeTruthy();
    fireEvent.click(within(rowOf('Nina Lim')).getByRole('button', { name: 'Approve the sign-in of Nina Lim' }));
    await waitFor(() => expect(getToast()?.message).toBe('Approved: the sign-in link was sent to nina@example.ph.'));
    expect(form(api.calls('/staff-accounts/approve-sign-in')[0]![1])).toEqual({ id: '11' });
    expect(within(rowOf('Liza Reyes')).queryByRole('button', { name: /Approve/ })).toBeNull();
  });

  it('shows the server’s refusal of a reset', async () => {
    setup({ resetting: fail('409', OWN_RESET, { reason: 'own_account' }) });
    await within(table()).findByText('Liza Reyes');
    fireEvent.click(screen.getByRole('button', { name: 'Reset sign-in of Liza Reyes' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Reset sign-in' }));
    await waitFor(() => expect(getToast()?.message).toBe(OWN_RESET));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('marks the fields the server refuses, then says the link went to the new member, showing no secret', async () => {
    const api = setup({
      adding: [
        fail('400', 'Please check: role.', { field: 'role' }),
        fail('409', 'This e-mail already has a staff account.', { field: 'email' }),
        ok(CREATED),
      ],
    });
    await within(table()).findByText('Liza Reyes');
    fireEvent.click(screen.getByRole('button', { name: 'Add staff member' }));
    const dialog = screen.getByRole('dialog', { name: 'Add staff member' });
    fireEvent.change(within(dialog).getByLabelText('Work e-mail'), { target: { value: 'Mara@Example.ph' } });
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Mara Santos' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add staff member' }));
    expect(await within(dialog).findByText('Choose the role.')).toBeTruthy();
    expect(within(dialog).getByLabelText('Role').getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(within(dialog).getByLabelText('Role'), { target: { value: 'customer_care' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add staff member' }));
    expect(await within(dialog).findByText('Enter a work e-mail address that has no staff account yet.')).toBeTruthy();
    expect(within(dialog).queryByText('Choose the role.')).toBeNull();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Add staff member' }));
    await waitFor(() => expect(getToast()?.message).toBe('A sign-in link was sent to mara@example.ph. Mara Santos chooses a password and sets up the authenticator through it.'));
    expect(form(additions(api)[2]![1])).toEqual({ email: 'Mara@Example.ph', name: 'Mara Santos', role: 'customer_care' });
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(listings(api)).toHaveLength(2));
  });

  it('deactivates only after confirmation', async () => {
    const api = setup();
    await within(table()).findByText('Liza Reyes');
    fireEvent.click(screen.getByRole('button', { name: 'Deactivate Liza Reyes' }));
    let confirm = screen.getByRole('dialog', { name: 'Deactivate Liza Reyes?' });
    expect(confirm.textContent).toContain('Liza Reyes is signed out at once');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.calls('/staff-accounts/deactivate')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Deactivate Liza Reyes' }));
    confirm = screen.getByRole('dialog', { name: 'Deactivate Liza Reyes?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Deactivate' }));
    await waitFor(() => expect(getToast()?.message).toBe('Liza Reyes is deactivated and signed out.'));
    expect(form(api.calls('/staff-accounts/deactivate')[0]![1])).toEqual({ id: '8' });
    await waitFor(() => expect(listings(api)).toHaveLength(2));
  });

  it('reactivates after confirmation', async () => {
    const api = setup();
    await within(table()).findByText('Ben Cruz');
    fireEvent.click(screen.getByRole('button', { name: 'Reactivate Ben Cruz' }));
    const confirm = screen.getByRole('dialog', { name: 'Reactivate Ben Cruz?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Reactivate' }));
    await waitFor(() => expect(getToast()?.message).toBe('Ben Cruz can sign in again.'));
    expect(form(api.calls('/staff-accounts/reactivate')[0]![1])).toEqual({ id: '9' });
    expect(api.calls('/staff-accounts/deactivate')).toHaveLength(0);
  });

  it('shows the server’s refusal, such as the last administrator staying active', async () => {
    setup({ deactivating: fail('409', LAST_ADMIN, { reason: 'last_admin' }) });
    await within(table()).findByText('Liza Reyes');
    fireEvent.click(screen.getByRole('button', { name: 'Deactivate Liza Reyes' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Deactivate' }));
    await waitFor(() => expect(getToast()?.message).toBe(LAST_ADMIN));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
