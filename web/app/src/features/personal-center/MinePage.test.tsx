import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { configureBridge } from '@hiram/shared/bridge/bridge';
import { getLocale, setLocale } from '@hiram/shared/i18n/i18n';
import { forgetCarried, sessionQuery } from '@hiram/shared/query/pageQuery';
import { mockApi } from '@hiram/shared/testing/mockApi';
import { fail, ok, renderRoute, resetBridge } from '../../testing/renderRoute';
import MinePage from './MinePage';

const ROUTES = {
  '/v3/personal-center/user-info': ok({ phoneMasked: '0917 *** 0100', fullName: 'Maria Clara Santos', kycProgress: 75, limitText: '₱5,000.00' }),
  '/v3/personal-center/user-menu': ok({ items: [{ title: 'Customer service', path: '/customerService' }] }),
  '/v3/personal-center/order-list': ok({
    orders: [
      { orderId: 12, orderNo: 'H0012', productId: 4, productName: 'Bayanihan Cash Express', productLogo: '', status: 174, statusText: 'Repayment open', amountText: '₱5,000.00', appliedAt: '2025-06-01' },
    ],
  }),
  '/service/login/logout': ok(null),
};

afterEach(async () => {
  vi.unstubAllGlobals();
  resetBridge();
  await act(() => setLocale('en'));
  forgetCarried();
});

describe('my account', () => {
  it('shows the profile, the server menu and the orders', async () => {
    mockApi(ROUTES);
    renderRoute('/mine?sessionId=tok', '/mine', <MinePage />);
    expect(await screen.findByRole('heading', { name: 'Maria Clara Santos' })).toBeTruthy();
    expect(screen.getByText('0917 *** 0100')).toBeTruthy();
    expect(screen.getByRole('link', { name: '75% verified' }).getAttribute('href')).toBe('/certify?sessionId=tok');
    expect(screen.getByRole('link', { name: 'Customer service' }).getAttribute('href')).toBe('/customerService?sessionId=tok');
    const order = await screen.findByRole('link', { name: /Bayanihan Cash Express/ });
    expect(order.getAttribute('href')).toBe('/loanDetails?sessionId=tok&productId=4&orderId=12');
    // The status by its glossary name, as order details and the complaint picker name it.
    expect(order.textContent).toContain('Loan received');
    expect(order.textContent).not.toContain('Repayment open');
    // The day applied as a borrower reads it, not the server's ISO day.
    expect(order.textContent).toContain('Jun 1, 2025');
    expect(order.textContent).not.toContain('2025-06-01');
  });

  it('offers the borrower tools when the server sends no menu', async () => {
    mockApi({ ...ROUTES, '/v3/personal-center/user-menu': fail('500', 'down') });
    renderRoute('/mine?sessionId=tok', '/mine', <MinePage />);
    expect(await screen.findByRole('heading', { name: 'Maria Clara Santos' })).toBeTruthy();
    for (const [name, path] of [
      ['Loan calculator', '/calculator'],
      ['Income and expense book', '/bookKeeping'],
      ['Repayment reminders', '/repaymentReminders'],
    ] as const) {
      expect((await screen.findByRole('link', { name })).getAttribute('href')).toBe(`${path}?sessionId=tok`);
    }
  });

  it('logs out on the server, forgets the session and goes to the login', async () => {
    const api = mockApi(ROUTES);
    const navigate = vi.fn();
    renderRoute('/mine?sessionId=tok', '/mine', <MinePage />);
    configureBridge({ navigate });
    await screen.findByRole('link', { name: /Bayanihan Cash Express/ });
    fireEvent.click(screen.getByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/login'));
    expect(api.calls('/service/login/logout')[0]![0]).toBe('/pany/service/login/logout?sessionId=tok');
    expect(sessionStorage.getItem('hiram.q.sessionId')).toBeNull();
  });

  it('deletes the account after confirming', async () => {
    const api = mockApi({ ...ROUTES, '/v3/personal-center/user-delete': ok(null) });
    const navigate = vi.fn();
    renderRoute('/mine?sessionId=tok', '/mine', <MinePage />);
    configureBridge({ navigate });
    fireEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
    expect(screen.getByRole('dialog', { name: 'Delete your account?' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/login'));
    expect(api.calls('/v3/personal-center/user-delete')).toHaveLength(1);
  });

  it('keeps the account when a loan is open (409)', async () => {
    mockApi({ ...ROUTES, '/v3/personal-center/user-delete': fail('409', 'Please repay your open loan first.') });
    const navigate = vi.fn();
    renderRoute('/mine?sessionId=tok', '/mine', <MinePage />);
    configureBridge({ navigate });
    fireEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(navigate).not.toHaveBeenCalled();
  });

  it('switches to Filipino once: saved on the server, the page and its later calls in Filipino', async () => {
    const api = mockApi({ ...ROUTES, '/v3/personal-center/user-language': ok(null) });
    renderRoute('/mine?sessionId=tok', '/mine', <MinePage />);
    const filipino = await screen.findByRole('button', { name: 'Filipino' });
    expect(filipino.getAttribute('aria-pressed')).toBe('false');
    // The switch settles once the catalogue has loaded: wait for it inside act.
    await act(async () => {
      fireEvent.click(filipino);
      await vi.waitFor(() => expect(getLocale()).toBe('fil'));
    });
    const [url, init] = api.calls('/v3/personal-center/user-language')[0]!;
    expect(url).toContain('sessionId=tok');
    expect(new URLSearchParams(String(init?.body)).get('language')).toBe('fil');
    expect(sessionQuery().get('lang')).toBe('fil');
    expect((await screen.findByRole('button', { name: 'Filipino' })).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('group', { name: 'Wika' })).toBeTruthy();
  });

  it('switches without saving when nobody is logged in', async () => {
    const api = mockApi(ROUTES);
    renderRoute('/mine', '/mine', <MinePage />);
    const filipino = await screen.findByRole('button', { name: 'Filipino' });
    await act(async () => {
      fireEvent.click(filipino);
      await vi.waitFor(() => expect(getLocale()).toBe('fil'));
    });
    expect(api.calls('/v3/personal-center/user-language')).toHaveLength(0);
  });
});
