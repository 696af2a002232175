import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLocale } from '@hiram/shared/i18n/i18n';
import { mockApi } from '@hiram/shared/testing/mockApi';
import { ok, renderRoute } from '../../testing/renderRoute';
import HomePage from './HomePage';

const card = (id: number, name: string, flag: string) => ({
  id,
  logo: '/media/logo.png',
  name,
  range: '₱1,000.00 - ₱10,000.00',
  rangeDesc: 'Loan amount',
  rate: '4% a month',
  description: '91 days',
  tags: ['Fast approval'],
  buttonText: 'Apply',
  flag,
  minAmount: 100_000,
  maxAmount: 1_000_000,
  termDays: 91,
});

function setup(url: string, notice = 'Repay on time to raise your limit.') {
  mockApi({
    '/v4/index/home-page': ok({ products: [card(1, 'Bayanihan Cash Express', '1'), card(6, 'Kalesa Biyahe Loan', '0')], notice }),
  });
  renderRoute(url, '/home', <HomePage />);
}

afterEach(() => vi.unstubAllGlobals());

describe('home', () => {
  it('speaks Filipino whole: the title, and the service days in the server\'s notice', async () => {
    await setLocale('fil');
    try {
      setup('/home?sessionId=s1', 'Bukas ang customer service Mon–Sat, 8:00 AM – 8:00 PM.');
      expect(await screen.findByText('Bukas ang customer service Lun–Sab, 8:00 AM – 8:00 PM.')).toBeTruthy();
      expect(screen.getByRole('heading', { level: 1, name: 'Unang pahina' })).toBeTruthy();
    } finally {
      await setLocale('en');
    }
  });

  it('lists the products with the notice; a tap opens the product', async () => {
    setup('/home?sessionId=s1');
    expect(await screen.findByText('Repay on time to raise your limit.')).toBeTruthy();
    expect(screen.getAllByText('Fast approval', { selector: 'li' })).toHaveLength(2);
    expect(screen.queryByRole('link', { name: 'Log in' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Apply · Bayanihan Cash Express' }));
    expect(screen.getByTestId('where').textContent).toBe('/productDetail?sessionId=s1&productId=1');
  });

  it('shows the tools with the products, not before them (they would be pushed down a screen)', async () => {
    setup('/home?sessionId=s1');
    expect(screen.queryByRole('list', { name: 'Tools' })).toBeNull();
    await screen.findByText('Repay on time to raise your limit.');
    const tools = screen.getByRole('list', { name: 'Tools' });
    expect(within(tools).getByRole('link', { name: 'Loan calculator' }).getAttribute('href')).toBe('/calculator?sessionId=s1');
  });

  it('a grey (flag 0) product is not tappable', async () => {
    setup('/home?sessionId=s1');
    const grey = await screen.findByRole('button', { name: 'Apply · Kalesa Biyahe Loan' });
    expect(grey.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(grey);
    expect(screen.queryByTestId('where')).toBeNull();
  });

  it('offers log in and my account without a session', async () => {
    setup('/home');
    expect((await screen.findByRole('link', { name: 'Log in' })).getAttribute('href')).toBe('/login?redirect=%2Fhome');
    expect(screen.getByRole('link', { name: 'My account' }).getAttribute('href')).toBe('/mine');
  });
});
