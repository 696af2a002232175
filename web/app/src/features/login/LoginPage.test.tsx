import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getLocale, setLocale } from '@hiram/shared/i18n/i18n';
import { forgetCarried } from '@hiram/shared/query/pageQuery';
import { mockApi, type MockAnswer } from '@hiram/shared/testing/mockApi';
import { ToastHost } from '@hiram/shared/ui/Toast';
import { hideToast } from '@hiram/shared/ui/toastStore';
import LoginPage, { prefetch } from './LoginPage';

const INIT = { code: '00', message: '', data: { resendSeconds: 60, codeLength: 6, voiceCodeAvailable: true, passwordLoginAvailable: true } };
const SENT = { code: '00', message: '', data: { resendSeconds: 60, expiresInSeconds: 300 } };
const LOGGED_IN = { code: '00', message: '', data: { sessionId: 'tok123', newBorrower: false } };

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + location.search}</p>;
}

function renderLogin(
  url: string,
  routes: Record<string, MockAnswer> = {},
  client = new QueryClient({ defaultOptions: { queries: { retry: false } } }),
) {
  const api = mockApi({ '/service/login/login-init': INIT, '/service/login/web-session': { code: '00', message: '', data: null }, ...routes });
  window.history.replaceState(null, '', url);
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path="/login" element={<LoginPage />} />
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>
      <ToastHost />
    </QueryClientProvider>,
  );
  return api;
}

const phoneBox = () => screen.getByRole('textbox', { name: 'Mobile number' });
const codeBox = () => screen.getByRole('textbox', { name: 'Verification code' });
const type = (box: HTMLElement, value: string) => fireEvent.change(box, { target: { value } });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  hideToast();
});

describe('login page', () => {
  it("shows what the start-up's login-init answered at its first render, without asking again", async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    mockApi({ '/service/login/login-init': INIT });
    await prefetch(client);
    // A fresh stub: it counts the page's own calls only.
    const api = renderLogin('/login', {}, client);
    // The voice call is offered by login-init alone (the defaults have none).
    expect(screen.getByRole('button', { name: 'Call me with the code' })).toBeTruthy();
    await new Promise((r) => setTimeout(r, 0));
    expect(api.calls('/service/login/login-init')).toHaveLength(0);
  });

  it('refuses a number that is not a Philippine mobile', async () => {
    const api = renderLogin('/login');
    type(phoneBox(), '08171234567');
    fireEvent.click(screen.getByRole('button', { name: 'Get code' }));
    expect(await screen.findByText('Please enter a valid mobile number.')).toBeTruthy();
    expect(phoneBox().getAttribute('aria-invalid')).toBe('true');
    expect(api.calls('/service/login/send-sms-code-new')).toHaveLength(0);
  });

  it('shows the number grouped as typed and keeps digits only', () => {
    renderLogin('/login');
    type(phoneBox(), '0917a1234567999');
    expect((phoneBox() as HTMLInputElement).value).toBe('0917 123 4567');
  });

  it('counts down after sending, refuses a resend meanwhile, and returns to idle after 1', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const api = renderLogin('/login', { '/service/login/send-sms-code-new': SENT });
    type(phoneBox(), '09171234567');
    fireEvent.click(screen.getByRole('button', { name: 'Get code' }));
    expect(await screen.findByText('The code has been sent. Please check your phone.')).toBeTruthy();
    const [, init] = api.calls('/service/login/send-sms-code-new')[0]!;
    expect(init?.body).toBe('phone=09171234567&purpose=login');

    const button = screen.getByRole('button', { name: '60 s' });
    fireEvent.click(button);
    expect(await screen.findByText('Please do not request the code again so soon.')).toBeTruthy();
    expect(api.calls('/service/login/send-sms-code-new')).toHaveLength(1);

    act(() => vi.advanceTimersByTime(59_000));
    expect(screen.getByRole('button', { name: '1 s' })).toBeTruthy();
    act(() => vi.advanceTimersByTime(1_000));
    expect(screen.getByRole('button', { name: 'Get code' })).toBeTruthy();
  });

  it('offers the voice call when the server allows it', async () => {
    const api = renderLogin('/login', { '/service/login/send-voice-code': SENT });
    type(phoneBox(), '09171234567');
    fireEvent.click(await screen.findByRole('button', { name: 'Call me with the code' }));
    expect(await screen.findByRole('button', { name: '60 s' })).toBeTruthy();
    expect(api.calls('/service/login/send-voice-code')).toHaveLength(1);
  });

  it('asks for the 6-digit code', async () => {
    const api = renderLogin('/login');
    type(phoneBox(), '09171234567');
    type(codeBox(), '12a3');
    expect((codeBox() as HTMLInputElement).value).toBe('123');
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Please enter the 6-digit code.')).toBeTruthy();
    expect(api.calls('/service/login/sms-code-login')).toHaveLength(0);
  });

  it('trades the session for the pages\' cookie and goes to the redirect with no session in the address', async () => {
    const api = renderLogin('/login?redirect=%2FloanDetails%3ForderId%3D5', { '/service/login/sms-code-login': LOGGED_IN });
    type(phoneBox(), '09171234567');
    type(codeBox(), '123456');
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect((await screen.findByTestId('where')).textContent).toBe('/loanDetails?orderId=5');
    expect(sessionStorage.getItem('hiram.q.sessionId')).toBeNull();
    const [url, init] = api.calls('/service/login/web-session')[0]!;
    expect(url).toBe('/pany/service/login/web-session');
    expect(init?.body).toBe('sessionId=tok123');
    expect(api.calls('/service/login/sms-code-login')[0]![1]?.body).toBe('phone=09171234567&code=123456');
  });

  it('opens the next page in the language the borrower saved before, and carries it on', async () => {
    const saved = { ...LOGGED_IN, data: { ...LOGGED_IN.data, language: 'fil' } };
    renderLogin('/login', { '/service/login/sms-code-login': saved });
    type(phoneBox(), '09171234567');
    type(codeBox(), '123456');
    try {
      await act(async () => {
        fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
        await vi.waitFor(() => expect(getLocale()).toBe('fil'));
      });
      expect((await screen.findByTestId('where')).textContent).toBe('/home?lang=fil');
    } finally {
      await act(() => setLocale('en'));
      forgetCarried();
    }
  });

  it('names the language a borrower picks on the page in its calls, so the server saves it at login', async () => {
    const api = renderLogin('/login', { '/service/login/sms-code-login': LOGGED_IN });
    try {
      await act(async () => {
        fireEvent.click(screen.getByRole('button', { name: 'Filipino' }));
        await vi.waitFor(() => expect(getLocale()).toBe('fil'));
      });
      type(screen.getByRole('textbox', { name: 'Numero ng mobile' }), '09171234567');
      type(screen.getByRole('textbox', { name: 'Code ng beripikasyon' }), '123456');
      fireEvent.click(screen.getByRole('button', { name: 'Mag-log in' }));
      await screen.findByTestId('where');
      expect(api.calls('/service/login/sms-code-login')[0]![0]).toContain('lang=fil');
    } finally {
      await act(() => setLocale('en'));
      forgetCarried();
    }
  });

  it('goes home instead of to another site', async () => {
    renderLogin('/login?redirect=%2F%2Fevil.example%2Fx', { '/service/login/sms-code-login': LOGGED_IN });
    type(phoneBox(), '09171234567');
    type(codeBox(), '123456');
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect((await screen.findByTestId('where')).textContent).toBe('/home');
  });

  it('stays on the page and shows the server message on a wrong code', async () => {
    renderLogin('/login', { '/service/login/sms-code-login': { code: '400', message: 'The code is wrong or has expired.', data: null } });
    type(phoneBox(), '09171234567');
    type(codeBox(), '000000');
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('The code is wrong or has expired.')).toBeTruthy();
    expect(screen.queryByTestId('where')).toBeNull();
  });

  it('logs in with a password, and resets a forgotten one with a reset_pwd code', async () => {
    const api = renderLogin('/login', {
      '/service/login/login': LOGGED_IN,
      '/service/login/send-sms-code-new': SENT,
      '/service/login/reset-pwd': { code: '00', message: '', data: null },
    });
    fireEvent.click(await screen.findByRole('tab', { name: 'Log in with password' }));
    fireEvent.click(screen.getByRole('button', { name: 'Forgot password?' }));
    expect(screen.getByRole('heading', { name: 'Reset your password' })).toBeTruthy();
    type(phoneBox(), '09171234567');
    fireEvent.click(screen.getByRole('button', { name: 'Get code' }));
    await screen.findByRole('button', { name: '60 s' });
    expect(api.calls('/service/login/send-sms-code-new')[0]![1]?.body).toBe('phone=09171234567&purpose=reset_pwd');
    type(codeBox(), '654321');
    type(screen.getByLabelText('New password (8 to 64 characters)'), 'short');
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Your password must be 8 to 64 characters.')).toBeTruthy();
    type(screen.getByLabelText('New password (8 to 64 characters)'), 'longenough1');
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Your password has been changed. Please log in.')).toBeTruthy();

    type(screen.getByLabelText('Password'), 'longenough1');
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect((await screen.findByTestId('where')).textContent).toBe('/home');
    expect(api.calls('/service/login/login')[0]![1]?.body).toBe('phone=09171234567&password=longenough1');
  });

  it('links the loan terms and the privacy policy', () => {
    renderLogin('/login');
    expect(screen.getByRole('link', { name: 'Loan Terms and Conditions' }).getAttribute('href')).toBe('/loanTerms');
    expect(screen.getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe('/privacyPolicy');
  });
});
