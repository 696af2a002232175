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

  it('other types: the QR and scan-to-pay tips', () => {
    renderAt('/repaymentOfCode?showType=2&payCodeImg=/qr.png');
    expect(screen.getByRole('img', { name: 'QR code for payment' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Scan to pay' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Copy' })).toBeNull();
  });
});
