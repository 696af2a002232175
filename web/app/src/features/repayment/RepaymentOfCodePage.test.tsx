import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLocale } from '@hiram/shared/i18n/i18n';
import type { CodePageState } from './parts';
import RepaymentOfCodePage from './RepaymentOfCodePage';

function renderAt(url: string, state?: CodePageState) {
  window.history.replaceState(null, '', url);
  render(
    <MemoryRouter initialEntries={[{ pathname: '/repaymentOfCode', search: url.slice(url.indexOf('?')), state }]}>
      <RepaymentOfCodePage />
    </MemoryRouter>,
  );
}

afterEach(async () => {
  vi.unstubAllGlobals();
  await setLocale('en');
});

const STORE =
  '/repaymentOfCode?showType=1&payCode=123456789012&repayAmount=523450&channel=seven_eleven' +
  '&barcodeImg=%2Fpany%2Fpay-codes%2F123456789012%2Fbarcode.png%3Funtil%3D1795849200%26sig%3Dabababababababababababababababababababababababababababababababab&sessionId=s1';
const QR =
  '/repaymentOfCode?showType=2&payCode=998877665544&repayAmount=327300&channel=qrph' +
  '&payCodeImg=%2Fpany%2Fpay-codes%2F998877665544%2Fqr.png%3Funtil%3D1795849200%26sig%3Dabababababababababababababababababababababababababababababababab&sessionId=s1';

describe('repayment code page', () => {
  it('a store code: grouped in fours, copied without spaces, with the channel logo, barcode and amount', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    renderAt(STORE);
    expect(screen.getByText('1234 5678 9012').className).toBe('app-code-text');
    expect(screen.getByRole('img', { name: '7-Eleven' }).getAttribute('src')).toBe('/media/logos/channel-seven-eleven.svg');
    expect(screen.getByRole('img', { name: 'Barcode of your pay code' }).getAttribute('src')).toBe(
      '/pany/pay-codes/123456789012/barcode.png?until=1795849200&sig=abababababababababababababababababababababababababababababababab',
    );
    expect(screen.getByText('₱5,234.50')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('123456789012'));
  });

  it('showType 1 without a channel key still shows an image of its own server as the channel image', () => {
    renderAt('/repaymentOfCode?showType=1&payCode=HRM-5521&payCodeImg=/ch.png&repayAmount=523450');
    expect(screen.getByText('HRM- 5521')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Payment channel' }).getAttribute('src')).toBe('/ch.png');
  });

  it('never sends the session to a picture address someone put in the link', () => {
    renderAt(
      '/repaymentOfCode?showType=1&payCode=123456789012&barcodeImg=https%3A%2F%2Fevil.example%2Fb.png' +
        '&payCodeImg=%2F%2Fevil.example%2Fc.png&sessionId=s1',
    );
    const sources = screen.queryAllByRole('img').map((img) => img.getAttribute('src') ?? '');
    expect(sources.filter((src) => src.includes('evil') || src.includes('sessionId'))).toEqual([]);
  });

  it('links to the test page only when the channel picker handed its address over', () => {
    renderAt(STORE, { sandboxUrl: '/sandbox/pay?code=123456789012' });
    const link = screen.getByRole('link', { name: /^Pay in the test page/ });
    expect(link.getAttribute('href')).toBe('/sandbox/pay?code=123456789012');
    expect(link.textContent).toContain('no real money');
    expect(screen.getByRole('heading', { name: 'Test payment page' })).toBeTruthy();
  });

  it('has no test page link without sandboxUrl', () => {
    renderAt(STORE);
    expect(screen.queryByRole('link', { name: /test page/ })).toBeNull();
  });

  it('has no test page link to another site', () => {
    renderAt(STORE, { sandboxUrl: '//evil.example/pay' });
    expect(screen.queryByRole('link', { name: /test page/ })).toBeNull();
  });

  it('QR Ph: the QR image as the server signed it, the pay code and scan-to-pay tips', () => {
    renderAt(QR);
    expect(screen.getByRole('heading', { name: 'Scan to pay' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'QR code for payment' }).getAttribute('src')).toBe(
      '/pany/pay-codes/998877665544/qr.png?until=1795849200&sig=abababababababababababababababababababababababababababababababab',
    );
    expect(screen.getByText('Pay code')).toBeTruthy();
    expect(screen.getByText('9988 7766 5544')).toBeTruthy();
    expect(screen.getByText('Scan the code above and check that the amount is correct.')).toBeTruthy();
  });

  it('QR type without an image says the QR is missing instead of asking to scan it', () => {
    renderAt('/repaymentOfCode?showType=2&payCode=998877665544&repayAmount=327300&channel=qrph');
    expect(screen.queryByRole('img', { name: 'QR code for payment' })).toBeNull();
    expect(screen.getByText(/The QR could not be shown here/)).toBeTruthy();
    expect(screen.queryByText(/Scan the code above/)).toBeNull();
  });

  it('a store code says by when to pay it, from the pay code reply the channel picker handed over', () => {
    // 15:59 UTC is 11:59 PM in Manila.
    renderAt(STORE, { expiresAt: '2025-10-16T15:59:00Z' });
    expect(screen.getByText('Pay by Oct 16, 2025, 11:59 PM')).toBeTruthy();
    expect(screen.getByText(/this pay code stops working/)).toBeTruthy();
  });

  it('says no day to pay by when the reply gave none (a link opened on its own)', () => {
    renderAt(STORE);
    expect(screen.queryByText(/^Pay by/)).toBeNull();
    cleanup();
    renderAt(STORE, { expiresAt: '' });
    expect(screen.queryByText(/^Pay by/)).toBeNull();
  });

  it("gives each store's own steps", () => {
    renderAt(STORE);
    const seven = screen.getByRole('region', { name: 'How to pay at 7-Eleven' });
    expect(within(seven).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'At any 7-Eleven, tell the cashier you are paying a Hiram loan.',
      'Give the cashier the pay code above.',
      'Pay the amount above in cash; this code is for this one payment. Keep the receipt until your loan shows as paid.',
    ]);
    cleanup();
    renderAt('/repaymentOfCode?showType=1&payCode=CEB123456&repayAmount=523450&channel=cebuana');
    const cebuana = screen.getByRole('region', { name: 'How to pay at Cebuana Lhuillier' });
    expect(within(cebuana).getAllByRole('listitem')[0]?.textContent).toBe(
      'At any Cebuana Lhuillier branch, ask for a bills payment form.',
    );
    cleanup();
    renderAt('/repaymentOfCode?showType=1&payCode=EC123456&repayAmount=523450&channel=ecpay');
    expect(screen.getByRole('region', { name: 'How to pay at ECPay' })).toBeTruthy();
  });

  it('gives no store steps for QR Ph, an unknown channel or a missing code, but QR Ph says by when too', () => {
    renderAt(QR, { expiresAt: '2025-10-16T04:00:00Z' });
    expect(screen.queryByRole('region', { name: /^How to pay at/ })).toBeNull();
    expect(screen.getByText('Pay by Oct 16, 2025, 12:00 PM')).toBeTruthy();
    cleanup();
    renderAt('/repaymentOfCode?showType=1&payCode=HRM-5521&repayAmount=523450');
    expect(screen.queryByRole('region', { name: /^How to pay at/ })).toBeNull();
    cleanup();
    renderAt('/repaymentOfCode?showType=1&channel=seven_eleven');
    expect(screen.queryByRole('region', { name: /^How to pay at/ })).toBeNull();
  });

  it('speaks Filipino: the day to pay by and the store steps', async () => {
    await setLocale('fil');
    renderAt(STORE, { expiresAt: '2025-10-16T15:59:00Z' });
    expect(screen.getByText('Bayaran hanggang Okt 16, 2025, 11:59 PM')).toBeTruthy();
    const seven = screen.getByRole('region', { name: 'Paano magbayad sa 7-Eleven' });
    expect(within(seven).getAllByRole('listitem')[0]?.textContent).toBe(
      'Sa kahit anong 7-Eleven, sabihin sa cashier na magbabayad ka ng Hiram loan.',
    );
  });


  it('says the code is missing when there is none', () => {
    renderAt('/repaymentOfCode?showType=1');
    expect(screen.getByText(/No pay code was given/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Copy' })).toBeNull();
  });
});
