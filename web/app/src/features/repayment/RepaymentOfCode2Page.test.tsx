import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { RepaymentInfo } from './api/getRepaymentInfo';
import { storeRepaymentInfo } from './storage';
import RepaymentOfCode2Page from './RepaymentOfCode2Page';

const INFO: RepaymentInfo = {
  repayAmount: 327_300,
  repayDate: '2025-10-15',
  productName: 'Bayanihan Cash Express',
  productLogo: '/logo.png',
  detail: [],
  repayPlan: [],
  repayList: [],
  noticeMsg: '',
  defDetail: {
    payCode: '123456789012',
    logo: '/711.png',
    title: '7-Eleven',
    barcodeImg: '/pany/pay-codes/123456789012/barcode.png',
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

afterEach(() => sessionStorage.clear());

describe('repayment code page 2', () => {
  it('shows the stored logo, copyable contract number, total and grouped steps', () => {
    storeRepaymentInfo(INFO);
    renderPage();
    expect(screen.getByRole('img', { name: '7-Eleven' }).getAttribute('src')).toBe('/711.png');
    expect(screen.getByRole('heading', { name: 'Contract number' })).toBeTruthy();
    expect(screen.getByText('123456789012')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Copy' })).toBeTruthy();
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

  it('says so when nothing is stored', () => {
    renderPage();
    expect(screen.getByText(/No repayment details were found/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Copy' })).toBeNull();
  });
});
