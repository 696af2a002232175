import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getToast, hideToast } from '@hiram/shared/ui/toastStore';
import { ADMIN, consoleApi, fail, form, ok } from '../testing/consoleApi';
import { renderSection } from '../testing/renderSection';
import type { NewAccount, StaffAccountRow } from './api';
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
  ...overrides,
});

const ACCOUNTS = [
  account(ADMIN.id, { email: ADMIN.email, name: ADMIN.name, role: 'admin' }),
  account(8, { name: 'Liza Reyes', email: 'liza@example.ph' }),
  account(9, { name: 'Ben Cruz', role: 'finance', active: false }),
];

const CREATED: NewAccount = {
  id: 10,
  password: 'k2x7m4p9q3r8s5t6w1y0z2ab',
  totpSecret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  otpauthUri: 'otpauth://totp/Hiram:mara%40example.ph?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&issuer=Hiram',
  otpauthQr: 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAAAAAA6fptVAAAACklEQVR4nGP4DwABAQEAG7buVgAAAABJRU5ErkJggg==',
};

const LAST_ADMIN = 'This is the last active administrator. Add or reactivate another administrator first.';

/** The list on GET; the answers to adding, one per POST, the last repeating. */
const RESET: NewAccount = {
  id: 8,
  password: 'n4w9p2q7r3s8t5v6x1y0z3cd',
  totpSecret: 'KRSXG5CTMVRXEZLUKRSXG5CTMVRXEZLU',
  otpauthUri: 'otpauth://totp/Hiram:liza%40example.ph?secret=KRSXG5CTMVRXEZLUKRSXG5CTMVRXEZLU&issuer=Hiram',
  otpauthQr: 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAAAAAA6fptVAAAACklEQVR4nGP4DwABAQEAG7buVgAAAABJRU5ErkJggg==',
};

const OWN_RESET = 'You cannot reset your own sign-in. Ask another administrator to reset it.';

function setup({
  adding = [ok(CREATED)],
  deactivating = ok({ ...ACCOUNTS[1], active: false }),
  resetting = ok(RESET),
}: { adding?: unknown[]; deactivating?: unknown; resetting?: unknown } = {}) {
  let added = 0;
  const api = consoleApi({
    '/staff-accounts': (_url: string, init?: RequestInit) =>
      init?.method === 'POST' ? adding[Math.min(added++, adding.length - 1)] : ok(ACCOUNTS),
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

  it('resets a sign-in only after confirmation, then shows the new password and secret once', async () => {
    const api = setup();
    await within(table()).findByText('Liza Reyes');
    fireEvent.click(screen.getByRole('button', { name: 'Reset sign-in of Liza Reyes' }));
    let confirm = screen.getByRole('dialog', { name: 'Reset sign-in of Liza Reyes?' });
    expect(confirm.textContent).toContain('The old password and authenticator stop working, and Liza Reyes is signed out everywhere at once');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.calls('/staff-accounts/reset')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Reset sign-in of Liza Reyes' }));
    confirm = screen.getByRole('dialog', { name: 'Reset sign-in of Liza Reyes?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Reset sign-in' }));
    const secrets = await screen.findByRole('dialog', { name: 'New sign-in details for Liza Reyes' });
    expect(form(api.calls('/staff-accounts/reset')[0]![1])).toEqual({ id: '8' });
    expect(within(secrets).getByRole('alert').textContent).toMatch(/^Shown only this once\..*nobody can see them again/);
    expect(within(secrets).getByText('liza@example.ph')).toBeTruthy();
    expect(within(secrets).getByText('New password')).toBeTruthy();
    for (const secret of [RESET.password, RESET.totpSecret, RESET.otpauthUri]) expect(within(secrets).getByText(secret)).toBeTruthy();
    expect(within(secrets).getByRole('button', { name: 'Copy the new password' })).toBeTruthy();
    await waitFor(() => expect(listings(api)).toHaveLength(2));
    expect(api.calls('/staff-accounts/deactivate')).toHaveLength(0);

    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.getByRole('dialog', { name: 'New sign-in details for Liza Reyes' })).toBeTruthy();
    fireEvent.click(within(secrets).getByRole('button', { name: 'I have copied them' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    for (const secret of [RESET.password, RESET.totpSecret]) expect(screen.queryByText(secret)).toBeNull();
  });

  it('shows the server’s refusal of a reset and no secrets dialog', async () => {
    setup({ resetting: fail('409', OWN_RESET, { reason: 'own_account' }) });
    await within(table()).findByText('Liza Reyes');
    fireEvent.click(screen.getByRole('button', { name: 'Reset sign-in of Liza Reyes' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Reset sign-in' }));
    await waitFor(() => expect(getToast()?.message).toBe(OWN_RESET));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('marks the fields the server refuses, then shows the password and secret once, with a warning', async () => {
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
    const secrets = await screen.findByRole('dialog', { name: 'Sign-in details for Mara Santos' });
    expect(form(additions(api)[2]![1])).toEqual({ email: 'Mara@Example.ph', name: 'Mara Santos', role: 'customer_care' });
    expect(within(secrets).getByRole('alert').textContent).toMatch(/^Shown only this once\..*nobody can see them again/);
    expect(within(secrets).getByText('mara@example.ph')).toBeTruthy();
    for (const secret of [CREATED.password, CREATED.totpSecret, CREATED.otpauthUri]) expect(within(secrets).getByText(secret)).toBeTruthy();
    expect(within(secrets).getByRole('img', { name: 'QR code of the authenticator address' }).getAttribute('src')).toBe(CREATED.otpauthQr);
    expect(within(secrets).getByRole('button', { name: 'Copy the authenticator secret' })).toBeTruthy();
    await waitFor(() => expect(listings(api)).toHaveLength(2));

    // Only the explicit button closes it, and then the secrets are gone for good.
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.getByRole('dialog', { name: 'Sign-in details for Mara Santos' })).toBeTruthy();
    fireEvent.click(within(secrets).getByRole('button', { name: 'I have copied them' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    for (const secret of [CREATED.password, CREATED.totpSecret]) expect(screen.queryByText(secret)).toBeNull();
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
