import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import TestPreviewPage from './TestPreviewPage';

function renderAt(url: string) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <TestPreviewPage />
    </MemoryRouter>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('test preview page', () => {
  it('prefills the fields from the query and carries them on every link', () => {
    renderAt('/testPreview?sessionId=s-1&deviceId=d-2&productId=4&orderId=77');
    const session = screen.getByLabelText('Session ID');
    expect(session).toHaveProperty('value', 's-1');
    expect(session.getAttribute('type')).toBe('password');

    fireEvent.change(screen.getByRole('textbox', { name: 'App version' }), { target: { value: '2.1.0' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Device name' }), { target: { value: 'Redmi 9A' } });

    const href = screen.getByRole('link', { name: 'Loan details' }).getAttribute('href') ?? '';
    const url = new URL(href, 'http://x');
    expect(url.pathname).toBe('/loanDetails');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      appVersion: '2.1.0',
      deviceName: 'Redmi 9A',
      deviceId: 'd-2',
      sessionId: 's-1',
      productId: '4',
      orderId: '77',
    });
    for (const name of [
      'Loan-use confirmation',
      'Payment',
      'Extension',
      'Payout account',
      'About us',
      'Complaints',
      'Customer service',
      'Privacy policy',
      'How to pay',
    ]) {
      expect(screen.getByRole('link', { name }).getAttribute('href')).toContain('deviceName=Redmi+9A');
    }
  });

  it('validates the contact with the Philippine mobile rule', () => {
    renderAt('/testPreview');
    fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), { target: { value: 'Ana' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Mobile number' }), { target: { value: '13812345678' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save contact' }));
    const phone = screen.getByRole('textbox', { name: 'Mobile number' });
    expect(phone.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Please enter a valid mobile number.')).toBeTruthy();

    fireEvent.change(phone, { target: { value: '09171234567' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save contact' }));
    expect(screen.getByRole('status').textContent).toBe('Contact saved: Ana, 0917 123 4567');
  });

  it('alerts on a browser without geolocation', () => {
    const alert = vi.fn();
    vi.stubGlobal('alert', alert);
    renderAt('/testPreview');
    fireEvent.click(screen.getByRole('button', { name: 'Get location' }));
    expect(alert).toHaveBeenCalledWith('Your browser does not support location.');
  });

  it('shows longitude and latitude', () => {
    const getCurrentPosition = (ok: PositionCallback) =>
      ok({ coords: { longitude: 121.0244, latitude: 14.5547 } } as GeolocationPosition);
    vi.stubGlobal('navigator', { ...navigator, geolocation: { getCurrentPosition } });
    renderAt('/testPreview');
    fireEvent.click(screen.getByRole('button', { name: 'Get location' }));
    expect(screen.getByText('121.0244')).toBeTruthy();
    expect(screen.getByText('14.5547')).toBeTruthy();
  });
});
