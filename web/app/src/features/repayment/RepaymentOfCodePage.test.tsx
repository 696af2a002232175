import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import RepaymentOfCodePage from './RepaymentOfCodePage';

function renderAt(url: string) {
  render(
    <MemoryRouter initialEntries={[url]}>
      <RepaymentOfCodePage />
    </MemoryRouter>,
  );
}

describe('repayment code page', () => {
  it('showType 1: a copyable code, the channel image and the amount', () => {
    renderAt('/repaymentOfCode?showType=1&payCode=HRM-5521&payCodeImg=/ch.png&repayAmount=523450');
    expect(screen.getByText('HRM-5521')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Copy' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Payment channel' })).toBeTruthy();
    expect(screen.getByText('₱5,234.50')).toBeTruthy();
  });

  it('links to the sandbox gateway as the test payment page', () => {
    renderAt('/repaymentOfCode?showType=1&payCode=123456789012&repayAmount=327300&channel=gcash');
    const link = screen.getByRole('link', { name: /^Pay in the sandbox/ });
    expect(link.getAttribute('href')).toBe('/sandbox/pay?code=123456789012');
    expect(link.textContent).toContain('test payment page');
  });

  it('QR type without an image still shows the code and the sandbox link', () => {
    renderAt('/repaymentOfCode?showType=2&payCode=998877&repayAmount=327300&channel=qrph');
    expect(screen.getByText('998877')).toBeTruthy();
    expect(screen.getByRole('link', { name: /^Pay in the sandbox/ })).toBeTruthy();
  });

  it('other types: the QR and scan-to-pay tips', () => {
    renderAt('/repaymentOfCode?showType=2&payCodeImg=/qr.png');
    expect(screen.getByRole('img', { name: 'QR code for payment' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Scan to pay' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Copy' })).toBeNull();
    expect(screen.queryByRole('link', { name: /sandbox/ })).toBeNull();
  });
});
