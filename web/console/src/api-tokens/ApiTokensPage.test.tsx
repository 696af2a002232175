import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getToast, hideToast } from '@hiram/shared/ui/toastStore';
import { consoleApi, fail, form, ok } from '../testing/consoleApi';
import { renderSection } from '../testing/renderSection';
import type { ApiTokenRow, IssuedApiToken } from './api';
import { ApiTokensPage } from './ApiTokensPage';

afterEach(() => {
  vi.unstubAllGlobals();
  act(() => hideToast());
});

const token = (id: number, overrides: Partial<ApiTokenRow> = {}): ApiTokenRow => ({
  id,
  name: `script ${id}`,
  role: 'customer_care',
  createdBy: 'Ana Cruz',
  createdAt: '2026-11-20T01:00:00Z',
  expiresAt: '2099-02-18T01:00:00Z',
  lastUsedAt: '2026-11-21T02:00:00Z',
  revokedAt: null,
  ...overrides,
});

const TOKENS = [
  token(3, { name: 'complaint sync' }),
  token(2, { name: 'e2e', role: 'admin', createdBy: null, lastUsedAt: null }),
  token(1, { name: 'old export', role: 'auditor', revokedAt: '2026-11-22T00:00:00Z' }),
  token(4, { name: 'last quarter', expiresAt: '2026-01-01T00:00:00Z' }),
];

const ISSUED: IssuedApiToken = {
  id: 5,
  name: 'nightly export',
  role: 'auditor',
  expiresAt: '2027-02-22T01:00:00Z',
  secret: '4f1c0d9e8b7a6f5e4d3c2b1a09f8e7d6c5b4a39281706f5e4d3c2b1a0f9e8d7c',
};

/** The list on GET; the answers to making, one per POST, the last repeating. */
function setup({ creating = [ok(ISSUED)], revoking = ok({ ...TOKENS[0], revokedAt: '2026-11-24T00:00:00Z' }) }: { creating?: unknown[]; revoking?: unknown } = {}) {
  let made = 0;
  const api = consoleApi({
    '/api-tokens': (_url: string, init?: RequestInit) => (init?.method === 'POST' ? creating[Math.min(made++, creating.length - 1)] : ok(TOKENS)),
    '/api-tokens/revoke': revoking,
  });
  renderSection(<ApiTokensPage />);
  return api;
}

const table = () => screen.getByRole('table', { name: 'API tokens' });
const rowOf = (name: string) => within(table()).getByText(name).closest('tr')!;
const listings = (api: ReturnType<typeof setup>) => api.calls('/api-tokens').filter(([, init]) => init?.method !== 'POST');
const makings = (api: ReturnType<typeof setup>) => api.calls('/api-tokens').filter(([, init]) => init?.method === 'POST');

describe('API tokens', () => {
  it('lists every token with its role, maker, dates and state; only live ones may be revoked; no secret anywhere', async () => {
    setup();
    await within(table()).findByText('complaint sync');
    expect(within(table()).getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'What it is for', 'Role', 'Made by', 'Made', 'Works until', 'Last used', 'Status', 'Actions',
    ]);
    expect(within(rowOf('complaint sync')).getByText('Customer care')).toBeTruthy();
    expect(within(rowOf('complaint sync')).getByText('Ana Cruz')).toBeTruthy();
    expect(within(rowOf('complaint sync')).getByText('Active')).toBeTruthy();
    expect(within(rowOf('e2e')).getByText('server command')).toBeTruthy();
    expect(within(rowOf('e2e')).getByText('never')).toBeTruthy();
    expect(within(rowOf('old export')).getByText('Revoked')).toBeTruthy();
    expect(within(rowOf('old export')).queryByRole('button')).toBeNull();
    expect(within(rowOf('last quarter')).getByText('Expired')).toBeTruthy();
    expect(within(rowOf('complaint sync')).getByRole('button', { name: 'Revoke complaint sync' })).toBeTruthy();
    expect(screen.queryByText('Secret')).toBeNull();
  });

  it('marks the fields the server refuses, then shows the secret once, with a warning', async () => {
    const api = setup({
      creating: [fail('400', 'Please check: role.', { field: 'role' }), fail('400', 'Please check: validDays.', { field: 'validDays' }), ok(ISSUED)],
    });
    await within(table()).findByText('complaint sync');
    fireEvent.click(screen.getByRole('button', { name: 'Make API token' }));
    const dialog = screen.getByRole('dialog', { name: 'Make API token' });
    expect((within(dialog).getByLabelText('Days it works (1 to 365)') as HTMLInputElement).value).toBe('90');
    fireEvent.change(within(dialog).getByLabelText('What it is for'), { target: { value: 'nightly export' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Make API token' }));
    expect(await within(dialog).findByText('Choose the role.')).toBeTruthy();
    expect(within(dialog).getByLabelText('Role').getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(within(dialog).getByLabelText('Role'), { target: { value: 'auditor' } });
    fireEvent.change(within(dialog).getByLabelText('Days it works (1 to 365)'), { target: { value: '400' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Make API token' }));
    expect(await within(dialog).findByText('Enter a number of days from 1 to 365.')).toBeTruthy();

    fireEvent.change(within(dialog).getByLabelText('Days it works (1 to 365)'), { target: { value: '90' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Make API token' }));
    const secret = await screen.findByRole('dialog', { name: 'The secret of nightly export' });
    expect(form(makings(api)[2]![1])).toEqual({ name: 'nightly export', role: 'auditor', validDays: '90' });
    expect(within(secret).getByRole('alert').textContent).toMatch(/^Shown only this once\..*nobody can see it again/);
    expect(within(secret).getByText(ISSUED.secret)).toBeTruthy();
    expect(within(secret).getByText('Auditor')).toBeTruthy();
    expect(within(secret).getByRole('button', { name: 'Copy the secret' })).toBeTruthy();
    await waitFor(() => expect(listings(api)).toHaveLength(2));

    // Only the explicit button closes it, and then the secret is gone for good.
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.getByRole('dialog', { name: 'The secret of nightly export' })).toBeTruthy();
    fireEvent.click(within(secret).getByRole('button', { name: 'I have copied it' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByText(ISSUED.secret)).toBeNull();
  });

  it('revokes only after confirmation', async () => {
    const api = setup();
    await within(table()).findByText('complaint sync');
    fireEvent.click(screen.getByRole('button', { name: 'Revoke complaint sync' }));
    let confirm = screen.getByRole('dialog', { name: 'Revoke complaint sync?' });
    expect(confirm.textContent).toContain('Every call with complaint sync is refused from now on');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.calls('/api-tokens/revoke')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Revoke complaint sync' }));
    confirm = screen.getByRole('dialog', { name: 'Revoke complaint sync?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(getToast()?.message).toBe('complaint sync is revoked.'));
    expect(form(api.calls('/api-tokens/revoke')[0]![1])).toEqual({ id: '3' });
    await waitFor(() => expect(listings(api)).toHaveLength(2));
  });

  it('shows the server’s refusal of a revocation', async () => {
    const refusal = 'Only a signed-in administrator makes or revokes API tokens, never a token.';
    setup({ revoking: fail('403', refusal, { permission: 'manage_staff' }) });
    await within(table()).findByText('complaint sync');
    fireEvent.click(screen.getByRole('button', { name: 'Revoke complaint sync' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(getToast()?.message).toBe(refusal));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
