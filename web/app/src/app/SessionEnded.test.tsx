import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { forgetCarried } from '@hiram/shared/query/pageQuery';
import { clearSessionEnded, isSessionEnded } from '@hiram/shared/session/sessionEnded';
import { getToast } from '@hiram/shared/ui/toastStore';
import { mockApi } from '@hiram/shared/testing/mockApi';
import { fail, nativeHandler, ok, renderRoute, resetBridge } from '../testing/renderRoute';
import MinePage from '../features/personal-center/MinePage';
import { SessionEndedGate } from '../features/login/SessionEnded';

const LOGGED_OUT = fail('401', 'Please log in.');
const ROUTES = {
  '/v3/personal-center/user-info': LOGGED_OUT,
  '/v3/personal-center/user-menu': LOGGED_OUT,
  '/v3/personal-center/order-list': LOGGED_OUT,
};

afterEach(() => {
  vi.unstubAllGlobals();
  resetBridge();
  clearSessionEnded();
  forgetCarried();
  sessionStorage.clear();
});

function openMyAccount(url: string) {
  return renderRoute(
    url,
    '/mine',
    <SessionEndedGate>
      <MinePage />
    </SessionEndedGate>,
  );
}

describe('a page whose session has ended', () => {
  it('says so in place of the page, never "no loans", and logs in again back to it', async () => {
    mockApi(ROUTES);
    sessionStorage.setItem('hiram.session', '1');
    openMyAccount('/mine?tab=loans');
    expect(await screen.findByRole('heading', { name: 'You were logged out' })).toBeTruthy();
    expect(screen.getByText(/Your loans and payments are just as they were/)).toBeTruthy();
    expect(screen.queryByText(/no loans/i)).toBeNull();
    expect(screen.queryByRole('button', { name: /Delete my account/i })).toBeNull();
    expect(getToast(), 'no toast that fades in its place').toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Log in again' }));
    expect(screen.getByTestId('location').textContent).toBe(`/login?redirect=${encodeURIComponent('/mine?tab=loans')}`);
    expect(isSessionEnded(), 'until a log-in clears it').toBe(true);
    expect(sessionStorage.getItem('hiram.session'), 'the dead session is forgotten').toBeNull();
  });

  it('asks a tab that never had a session to log in', async () => {
    mockApi(ROUTES);
    openMyAccount('/mine');
    expect(await screen.findByRole('heading', { name: 'Log in to continue' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Log in' })).toBeTruthy();
  });

  it("inside the shell, hands over to the shell's own log-in", async () => {
    const offToLogin = nativeHandler('offToLogin');
    mockApi(ROUTES);
    openMyAccount('/mine?sessionId=stale');
    fireEvent.click(await screen.findByRole('button', { name: 'Log in again' }));
    await waitFor(() => expect(offToLogin).toHaveBeenCalledTimes(1));
  });

  it('leaves a page with a live session alone', async () => {
    mockApi({
      '/v3/personal-center/user-info': ok({ phoneMasked: '0917 *** 0100', fullName: 'Maria Clara Santos', kycProgress: 75, limitText: '₱5,000.00' }),
      '/v3/personal-center/user-menu': ok({ items: [] }),
      '/v3/personal-center/order-list': ok({ orders: [] }),
    });
    openMyAccount('/mine?sessionId=tok');
    expect(await screen.findByRole('heading', { name: 'Maria Clara Santos' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'You were logged out' })).toBeNull();
  });
});
