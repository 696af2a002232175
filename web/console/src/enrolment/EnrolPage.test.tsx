import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { hideToast } from '@hiram/shared/ui/toastStore';
import { consoleApi, fail, form, ok } from '../testing/consoleApi';
import { EnrolPage } from './EnrolPage';

afterEach(() => {
  vi.unstubAllGlobals();
  hideToast();
  window.history.replaceState(null, '', '/');
});

const TOKEN = 'a'.repeat(64);
const PAGE = {
  email: 'mara@example.ph',
  name: 'Mara Santos',
  role: 'customer_care',
  purpose: 'new',
  totpSecret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  otpauthUri: 'otpauth://totp/Hiram:mara%40example.ph?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&issuer=Hiram',
  otpauthQr: 'data:image/png;base64,iVBORw0KGgo=',
  expiresAt: '2026-11-30T01:00:00Z',
};
const WEAK = 'Choose a password of at least 12 characters, with at least 4 different ones, that is not a common password.';

function fill(password: string, repeat: string, code: string) {
  fireEvent.change(screen.getByLabelText('New password'), { target: { value: password } });
  fireEvent.change(screen.getByLabelText('New password again'), { target: { value: repeat } });
  fireEvent.change(screen.getByLabelText('Code from your authenticator app'), { target: { value: code } });
  fireEvent.click(screen.getByRole('button', { name: 'Save and finish' }));
}

describe('enrolment link', () => {
  it('reads the secret from the fragment, drops it from the address and sends it in the body only', async () => {
    window.history.replaceState(null, '', `/console/enrol#${TOKEN}`);
    const api = consoleApi({
      '/enrolment': ok(PAGE),
      '/enrolment/complete': [fail('400', WEAK, { field: 'password' }), ok(null)],
    });
    render(<EnrolPage />);
    expect(await screen.findByText('For Mara Santos (mara@example.ph)')).toBeTruthy();
    expect(window.location.href).not.toContain(TOKEN);
    const [url, init] = api.calls('/enrolment')[0]!;
    expect(url).toBe('/api/console/enrolment');
    expect(form(init)).toEqual({ token: TOKEN });
    expect(screen.getByRole('img', { name: 'QR code for your authenticator app' }).getAttribute('src')).toBe(PAGE.otpauthQr);
    expect(screen.getByText(PAGE.totpSecret)).toBeTruthy();

    fill('kalamansi-juice-42', 'kalamansi-juice-43', '123456');
    expect(await screen.findByText('The two passwords are not the same.')).toBeTruthy();
    expect(api.calls('/enrolment/complete')).toHaveLength(0);

    fill('password1234', 'password1234', '123456');
    expect(await screen.findByText(WEAK)).toBeTruthy();
    fill('kalamansi-juice-42', 'kalamansi-juice-42', '654321');
    expect(await screen.findByText(/Your sign-in is ready/)).toBeTruthy();
    expect(form(api.calls('/enrolment/complete')[1]![1])).toEqual({ token: TOKEN, password: 'kalamansi-juice-42', code: '654321' });
    expect(screen.getByRole('link', { name: 'Go to sign-in' }).getAttribute('href')).toBe('/console/');
  });

  it('says a spent link is spent, and shows no form', async () => {
    window.history.replaceState(null, '', `/console/enrol#${TOKEN}`);
    consoleApi({ '/enrolment': fail('400', 'This link has expired or has been used.') });
    render(<EnrolPage />);
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('expired or has been used'));
    expect(screen.queryByLabelText('New password')).toBeNull();
  });
});
