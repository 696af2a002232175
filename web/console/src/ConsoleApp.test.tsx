import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { hideToast } from '@hiram/shared/ui/toastStore';
import { ConsoleApp } from './ConsoleApp';
import { ADMIN, AUDITOR, CARE, consoleApi, fail, FINANCE, MARKETING, ok, page } from './testing/consoleApi';

const NO_SESSION = fail('401', 'Your session has ended. Please log in again.');
const EMPTY_LISTS = {
  '/complaints': page([]),
  '/complaints/ratings': ok([]),
  '/audit': page([]),
  '/unposted-payments': page([]),
  '/sms-outbox': ok([]),
  '/collections': ok({ rows: [], total: 0, page: 1, pageSize: 25 }),
};

afterEach(() => {
  vi.unstubAllGlobals();
  act(() => hideToast());
});

function start(url: string, routes: Parameters<typeof consoleApi>[0]) {
  window.history.replaceState(null, '', url);
  const api = consoleApi({ ...EMPTY_LISTS, ...routes });
  render(<ConsoleApp />);
  return api;
}

const menu = () => screen.getByRole('navigation', { name: 'Sections' });
const menuEntries = () => within(menu()).getAllByRole('link').map((link) => link.textContent);

describe('the console', () => {
  it('shows the sign-in form when /me answers 401, without a toast', async () => {
    const api = start('/console', { '/me': NO_SESSION });
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeTruthy();
    expect(api.calls('/me')[0]![0]).toBe('/api/console/me');
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('after sign-in shows the name, the role, sign-out and only the sections the role allows', async () => {
    start('/console', { '/me': NO_SESSION, '/login': ok(CARE) });
    fireEvent.change(await screen.findByLabelText('E-mail'), { target: { value: CARE.email } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'pw' } });
    fireEvent.change(screen.getByLabelText('Authenticator code'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Carla Reyes')).toBeTruthy();
    expect(screen.getByText('Customer care')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeTruthy();
    expect(menuEntries()).toEqual(['Dashboard', 'Orders', 'Borrowers', 'Complaints', 'Rule sets', 'SMS outbox']);
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeTruthy();
    // The address follows after the render.
    await waitFor(() => expect(window.location.pathname).toBe('/console/dashboard'));
  });

  it('gives an auditor every section that reads, finance the money ones', async () => {
    start('/console', { '/me': ok(AUDITOR) });
    await screen.findByText('Aldo Santos');
    expect(menuEntries()).toEqual([
      'Dashboard', 'Orders', 'Borrowers', 'Complaints', 'Collections', 'Unposted payments', 'Payouts and reconciliation', "Lenders' books", 'Waivers', 'Payment reversals', 'Exchange rates', 'Rule sets', 'SMS outbox', 'Audit log',
    ]);
    expect(screen.getByText('Auditor')).toBeTruthy();
  });

  it('finance lands on the dashboard', async () => {
    start('/console', { '/me': ok(FINANCE) });
    await screen.findByText('Fe Lim');
    expect(menuEntries()).toEqual(['Dashboard', 'Orders', 'Borrowers', 'Unposted payments', 'Payouts and reconciliation', "Lenders' books", 'Waivers', 'Payment reversals', 'Exchange rates', 'Rule sets']);
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeTruthy();
  });

  it('marketing lands on the dashboard, with its own sections after it', async () => {
    start('/console', { '/me': ok(MARKETING), '/promotion-templates': ok({ rows: [], total: 0, page: 1, pageSize: 20 }) });
    await screen.findByText('Mika Tan');
    expect(menuEntries()).toEqual(['Dashboard', 'Promotion templates', 'Channel links', 'Site banners', 'Company details']);
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeTruthy();
  });

  it('says so when the role has no section yet', async () => {
    start('/console', { '/me': ok({ ...MARKETING, permissions: [] }) });
    expect(await screen.findByText('Your role has no console sections yet.')).toBeTruthy();
    expect(within(menu()).queryAllByRole('link')).toHaveLength(0);
  });

  it('opens the section of the address, and moves between sections from the menu', async () => {
    const api = start('/console/audit', { '/me': ok(AUDITOR) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Audit log' })).toBeTruthy();
    expect(within(menu()).getByRole('link', { name: 'Audit log' }).getAttribute('aria-current')).toBe('page');
    fireEvent.click(within(menu()).getByRole('link', { name: 'SMS outbox' }));
    // Each section is its own chunk: it shows once loaded.
    expect(await screen.findByRole('heading', { level: 1, name: 'SMS outbox' })).toBeTruthy();
    expect(window.location.pathname).toBe('/console/sms-outbox');
    expect(within(menu()).getByRole('link', { name: 'SMS outbox' }).getAttribute('aria-current')).toBe('page');
    expect(within(menu()).getByRole('link', { name: 'Audit log' }).getAttribute('aria-current')).toBeNull();
    await waitFor(() => expect(api.calls('/sms-outbox')).toHaveLength(1));
  });

  it('opens a section the role may see from its address, and shows the first one for the bare /console', async () => {
    const api = start('/console/sms-outbox', { '/me': ok(CARE) });
    expect(await screen.findByRole('heading', { level: 1, name: 'SMS outbox' })).toBeTruthy();
    await waitFor(() => expect(api.calls('/sms-outbox')).toHaveLength(1));
    cleanup();
    start('/console/', { '/me': ok(AUDITOR) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeTruthy();
    await waitFor(() => expect(window.location.pathname).toBe('/console/dashboard'));
  });

  it('does not open a section the role may not see from its address', async () => {
    const api = start('/console/audit', { '/me': ok(CARE) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeTruthy();
    // The address follows after the render.
    await waitFor(() => expect(window.location.pathname).toBe('/console/dashboard'));
    expect(api.calls('/audit')).toHaveLength(0);
  });

  it('opens staff accounts to an administrator only', async () => {
    const api = start('/console/staff-accounts', { '/me': ok(ADMIN), '/staff-accounts': ok([]) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Staff accounts' })).toBeTruthy();
    expect(menuEntries().slice(-3)).toEqual(['Staff accounts', 'API tokens', 'Audit log']);
    await waitFor(() => expect(api.calls('/staff-accounts')).toHaveLength(1));
    cleanup();
    const care = start('/console/staff-accounts', { '/me': ok(CARE) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeTruthy();
    expect(within(menu()).queryByRole('link', { name: 'Staff accounts' })).toBeNull();
    expect(care.calls('/staff-accounts')).toHaveLength(0);
  });

  it('opens API tokens to an administrator only', async () => {
    const api = start('/console/api-tokens', { '/me': ok(ADMIN), '/api-tokens': ok([]) });
    expect(await screen.findByRole('heading', { level: 1, name: 'API tokens' })).toBeTruthy();
    await waitFor(() => expect(api.calls('/api-tokens')).toHaveLength(1));
    cleanup();
    const care = start('/console/api-tokens', { '/me': ok(CARE) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeTruthy();
    expect(within(menu()).queryByRole('link', { name: 'API tokens' })).toBeNull();
    expect(care.calls('/api-tokens')).toHaveLength(0);
  });

  it('signs out on the server and shows the sign-in form', async () => {
    const api = start('/console/complaints', { '/me': ok(CARE), '/logout': ok(null) });
    fireEvent.click(await screen.findByRole('button', { name: 'Sign out' }));
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeTruthy();
    expect(api.calls('/logout')[0]![1]?.method).toBe('POST');
    expect(screen.getByText('You are signed out.')).toBeTruthy();
    expect(window.location.pathname).toBe('/console');
  });

  it('goes back to the sign-in form when a call finds the session ended', async () => {
    start('/console/complaints', { '/me': ok(CARE), '/complaints': NO_SESSION });
    expect(await screen.findByText('Your session has ended. Please sign in again.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeTruthy();
    // Said once, on the form.
    expect(screen.getByRole('status').textContent).toBe('');
  });
});
