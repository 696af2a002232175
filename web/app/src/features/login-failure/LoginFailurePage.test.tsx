import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureBridge } from '@hiram/shared/bridge/bridge';
import { mockApi } from '@hiram/shared/testing/mockApi';
import type * as Leave from '../../lib/leave';
import { openExternal } from '../../lib/leave';
import { ok, renderRoute, resetBridge } from '../../testing/renderRoute';
import LoginFailurePage from './LoginFailurePage';

vi.mock('../../lib/leave', async (importOriginal) => ({
  ...(await importOriginal<typeof Leave>()),
  openExternal: vi.fn(),
}));

const card = (id: number, name: string, flag: string) => ({
  id,
  logo: '',
  name,
  range: '₱1,000.00 - ₱10,000.00',
  rangeDesc: 'Loan amount',
  rate: '4% a month',
  description: '',
  tags: [],
  buttonText: 'Apply',
  flag,
  minAmount: 100_000,
  maxAmount: 1_000_000,
  termDays: 91,
});

function setup(url: string) {
  const api = mockApi({
    '/gopia/goya/drowns': ok({
      noticeMessage: 'Your application was not approved',
      errMessage: 'Try one of these products instead.',
      products: [card(1, 'Grey Loan', '0'), card(2, 'Open Loan', '1')],
    }),
    '/gopia/goya/because': ok(null),
    '/gopia/goya/define': ok({ url }),
  });
  renderRoute('/loginFailure?sessionId=s1&orderId=12', '/loginFailure', <LoginFailurePage />);
  return api;
}

beforeEach(() => vi.mocked(openExternal).mockClear());
afterEach(() => {
  vi.unstubAllGlobals();
  resetBridge();
});

describe('joint login failure page', () => {
  it('shows the red banner with both messages and the products', async () => {
    const api = setup('');
    const banner = await screen.findByRole('region', { name: 'Application result' });
    expect(banner.textContent).toContain('Your application was not approved');
    expect(banner.textContent).toContain('Try one of these products instead.');
    expect(banner.querySelector('svg')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Loan application');
    expect(api.calls('/gopia/goya/drowns')[0]![1]?.body).toBe('orderId=12');
  });

  it('a flag 0 product does nothing', async () => {
    const api = setup('https://lender.example');
    fireEvent.click(await screen.findByRole('button', { name: 'Apply · Grey Loan' }));
    fireEvent.click(screen.getByRole('heading', { name: 'Grey Loan' }));
    await new Promise((r) => setTimeout(r, 0));
    expect(api.calls('/gopia/goya/because')).toHaveLength(0);
    expect(api.calls('/gopia/goya/define')).toHaveLength(0);
  });

  it('tracks, then opens an http target directly', async () => {
    const api = setup('https://lender.example/apply');
    fireEvent.click(await screen.findByRole('button', { name: 'Apply · Open Loan' }));
    await waitFor(() => expect(openExternal).toHaveBeenCalledWith('https://lender.example/apply'));
    const order = api.fetch.mock.calls.map(([u]) => String(u).split('?')[0]);
    expect(order.slice(1)).toEqual(['/pany/gopia/goya/because', '/pany/gopia/goya/define']);
    expect(api.calls('/gopia/goya/define')[0]![1]?.body).toBe('productId=2');
  });

  it('hands any other target to the bridge', async () => {
    const navigate = vi.fn();
    setup('/productDetail?productId=2');
    configureBridge({ navigate });
    fireEvent.click(await screen.findByRole('button', { name: 'Apply · Open Loan' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/productDetail?productId=2&sessionId=s1'));
    expect(openExternal).not.toHaveBeenCalled();
  });
});
