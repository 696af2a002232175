import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RepaymentInfo } from './api/getRepaymentInfo';
import { storeRepaymentInfo } from './storage';
import RepaymentOfCode2Page from './RepaymentOfCode2Page';

const INFO: RepaymentInfo = {
  repayAmount: 327_300,
  repayDate: '2025-10-15',
  nextPayment: 327_300,
  productName: 'Bayanihan Cash Express',
  productLogo: '/logo.png',
  detail: [],
  repayPlan: [],
  repayList: [],
  noticeMsg: '',
  defDetail: {
    payCode: '123456789012',
    logo: '/711.png',
    title: 'Your pay code at 7-Eleven: pay any amount, any time',
    barcodeImg: '/pany/pay-codes/123456789012/barcode.png?until=1795849200&sig=abababababababababababababababababababababababababababababababab',
    sandboxUrl: '',
    payNotice: {
      'Over the counter': [{ name: '7-Eleven', steps: ['Go to the CLiQQ kiosk', 'Show the code'] }],
      'E-wallets': [{ name: 'GCash', steps: ['Open Bills', 'Enter the code'] }],
    },
  },
  delayInfo: { title: 'Extension', delayAmount: 0 },
  isShowReyTop: 0,
};

function renderPage() {
  render(
    <MemoryRouter initialEntries={['/repaymentOfCode2']}>
      <RepaymentOfCode2Page />
    </MemoryRouter>,
  );
}

afterEach(() => {
  sessionStorage.clear();
  vi.unstubAllGlobals();
});

describe('repayment code page 2', () => {
  it('shows the stored logo, the pay code in groups of four with Copy, total, barcode and grouped steps', async () => {
    window.history.replaceState(null, '', '/repaymentOfCode2?sessionId=s1');
    const writeText = vi.fn().mockResolvedValue(undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    storeRepaymentInfo(INFO);
    renderPage();
    expect(document.querySelector('.app-channel-banner')?.getAttribute('src')).toBe('/711.png');
    expect(screen.getByRole('heading', { name: 'Pay code' })).toBeTruthy();
    // What the code is: the channel's title, and that it does not expire.
    expect(screen.getByText('Your pay code at 7-Eleven: pay any amount, any time')).toBeTruthy();
    expect(screen.getByText(/stays the same for every payment of this loan and does not expire/)).toBeTruthy();
    expect(screen.getByText('1234 5678 9012').className).toBe('app-code-text');
    fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('123456789012'));
    expect(screen.getByRole('img', { name: 'Barcode of your pay code' }).getAttribute('src')).toBe(
      '/pany/pay-codes/123456789012/barcode.png?until=1795849200&sig=abababababababababababababababababababababababababababababababab',
    );
    // No test page unless the server gave one.
    expect(screen.queryByRole('link', { name: /test page/ })).toBeNull();
    expect(screen.getByRole('definition').textContent).toBe('₱3,273.00');
    expect(screen.getByRole('heading', { name: 'Over the counter' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'E-wallets' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'GCash' })).toBeTruthy();
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Go to the CLiQQ kiosk',
      'Show the code',
      'Open Bills',
      'Enter the code',
    ]);
  });

  it('links to the test page when the sandbox is on, saying it is a test', () => {
    storeRepaymentInfo({ ...INFO, defDetail: { ...INFO.defDetail, sandboxUrl: '/sandbox/pay?code=123456789012' } });
    renderPage();
    const link = screen.getByRole('link', { name: /^Pay in the test page/ });
    expect(link.getAttribute('href')).toBe('/sandbox/pay?code=123456789012');
    expect(link.textContent).toContain('no real money');
  });

  it('shows no barcode for an address that is not a pay code picture', () => {
    storeRepaymentInfo({ ...INFO, defDetail: { ...INFO.defDetail, barcodeImg: 'https://evil.example/x.png' } });
    renderPage();
    expect(screen.queryByRole('img', { name: 'Barcode of your pay code' })).toBeNull();
  });

  it('says so when nothing is stored', () => {
    renderPage();
    expect(screen.getByText(/No pay code was found/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Copy' })).toBeNull();
  });
});
