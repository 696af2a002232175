import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getToast, hideToast } from '@hiram/shared/ui/toastStore';
import { SignInForm } from './SignInForm';
import { CARE, consoleApi, fail, form, ok } from './testing/consoleApi';

afterEach(() => {
  vi.unstubAllGlobals();
  hideToast();
});

function fill(email: string, password: string, code: string) {
  fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: email } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
  fireEvent.change(screen.getByLabelText('Authenticator code'), { target: { value: code } });
}

describe('staff sign-in', () => {
  it('posts e-mail, password and code to /api/console/login and hands over who signed in', async () => {
    const api = consoleApi({ '/login': ok(CARE) });
    const onSignedIn = vi.fn();
    render(<SignInForm onSignedIn={onSignedIn} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Hiram Operator Console' })).toBeTruthy();
    fill(' care@example.ph ', 'secret pass', '123456');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledWith(CARE));
    const [url, init] = api.calls('/login')[0]!;
    expect(url).toBe('/api/console/login');
    expect(init?.method).toBe('POST');
    expect(init?.credentials).toBe('same-origin');
    expect(form(init)).toEqual({ email: 'care@example.ph', password: 'secret pass', code: '123456' });
  });

  it('keeps only six digits in the code field', () => {
    consoleApi({});
    render(<SignInForm onSignedIn={vi.fn()} />);
    const code = screen.getByLabelText('Authenticator code') as HTMLInputElement;
    fireEvent.change(code, { target: { value: '12 34-5678' } });
    expect(code.value).toBe('123456');
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');
    expect(code.getAttribute('inputmode')).toBe('numeric');
  });

  it('asks for every field before calling', () => {
    const api = consoleApi({ '/login': ok(CARE) });
    render(<SignInForm onSignedIn={vi.fn()} />);
    fill('care@example.ph', 'pw', '123');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByRole('alert').textContent).toBe('Enter your e-mail, your password and the 6-digit code.');
    expect(api.fetch).not.toHaveBeenCalled();
  });

  it('shows a refusal under the form, clears the used code, and toasts nothing', async () => {
    consoleApi({ '/login': fail('400', 'The e-mail, password or code is not right.') });
    const onSignedIn = vi.fn();
    render(<SignInForm onSignedIn={onSignedIn} />);
    fill('care@example.ph', 'wrong', '000000');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The e-mail, password or code is not right.');
    expect((screen.getByLabelText('Authenticator code') as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText('Password') as HTMLInputElement).value).toBe('wrong');
    expect(onSignedIn).not.toHaveBeenCalled();
    expect(getToast()).toBeNull();
  });

  it('shows the lock message of a 429', async () => {
    consoleApi({ '/login': fail('429', 'Too many sign-in tries from here. Please wait a few minutes and try again.', { retryAfterSeconds: 900 }) });
    render(<SignInForm onSignedIn={vi.fn()} />);
    fill('care@example.ph', 'pw', '111111');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Too many sign-in tries from here. Please wait a few minutes and try again.');
  });

  it('says why it shows when the session ended', () => {
    consoleApi({});
    render(<SignInForm onSignedIn={vi.fn()} notice="Your session has ended. Please sign in again." />);
    expect(screen.getByText('Your session has ended. Please sign in again.')).toBeTruthy();
  });
});
