import { QueryClient } from '@tanstack/react-query';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@hiram/shared/testing/mockApi';
import { getToast, hideToast } from '@hiram/shared/ui/toastStore';
import { queryDefaults } from '../../app/queryClient';
import { ok, renderRoute } from '../../testing/renderRoute';
import type { ComplaintInit } from './api/problemInit';
import ComplaintHomePage, { prefetch } from './ComplaintHomePage';
import { COMPLAINT_ORDER_KEY } from './storage';
import { INIT, REVIEW_ORDER } from './testData';

const INIT_PATH = '/user-problem/problem-init';

function setup(query = 'sessionId=s1', init: ComplaintInit = INIT) {
  const api = mockApi({
    [INIT_PATH]: ok(init),
    '/user-problem/get-whatsapp': ok({ whatsapp: '+63 917 555 0199', url: 'https://wa.me/639175550199' }),
  });
  renderRoute(`/complaint?${query}`, '/complaint', <ComplaintHomePage />);
  return api;
}

const where = () => screen.getByTestId('where').textContent;

afterEach(() => {
  vi.unstubAllGlobals();
  hideToast();
  localStorage.clear();
});

describe('complaint home', () => {
  it("shows the start-up's answers at its first render without asking again", async () => {
    const api = mockApi({
      [INIT_PATH]: ok(INIT),
      '/user-problem/get-whatsapp': ok({ whatsapp: '+63 917 555 0199', url: 'https://wa.me/639175550199' }),
    });
    window.history.replaceState(null, '', '/complaint?sessionId=s1');
    const client = new QueryClient({ defaultOptions: queryDefaults });
    await prefetch(client, new URLSearchParams('sessionId=s1'));
    expect(api.calls(INIT_PATH)).toHaveLength(1);
    renderRoute('/complaint?sessionId=s1', '/complaint', <ComplaintHomePage />, client);
    expect(screen.getByRole('heading', { name: 'Hiram Flex 91' })).toBeTruthy();
    expect(await screen.findByRole('link', { name: /WhatsApp/ })).toBeTruthy();
    expect(api.calls(INIT_PATH)).toHaveLength(1);
    expect(api.calls('/user-problem/get-whatsapp')).toHaveLength(1);
  });

  it('links to My complaints, shows the newest loan, the types, and no sub-types yet', async () => {
    const api = setup();
    expect(await screen.findByRole('heading', { name: 'Hiram Flex 91' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Complaints and suggestions' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'My complaints' }).getAttribute('href')).toBe('/complaintList?sessionId=s1');
    expect(screen.getByText('₱5,000.00')).toBeTruthy();
    // The rows' titles (§3: title/value rows) label their values.
    expect(screen.getByText('Loan amount').nextElementSibling?.textContent).toBe('₱5,000.00');
    // The status by its glossary name, as order details names it, not the server's words for it.
    expect(screen.getByText('Loan received')).toBeTruthy();
    expect(screen.queryByText('Repaying')).toBeNull();
    expect(screen.getByRole('button', { name: 'Collection' }).getAttribute('aria-expanded')).toBe('false');
    expect(screen.getByRole('button', { name: 'Repayment and payments' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'They contacted people other than me' })).toBeNull();
    expect(api.calls(INIT_PATH)[0]![1]?.body).toBe('');
    expect((await screen.findByRole('link', { name: 'Chat with us on WhatsApp' })).getAttribute('href')).toBe(
      'https://wa.me/639175550199',
    );
    // Kept for the form.
    expect(localStorage.getItem(COMPLAINT_ORDER_KEY)).toBe('HR0001');
  });

  it('asks for the order of the query', async () => {
    const api = setup('sessionId=s1&orderId=5', { ...INIT, orderDetail: REVIEW_ORDER });
    expect(await screen.findByRole('heading', { name: 'Hiram Quick 30' })).toBeTruthy();
    expect(api.calls(INIT_PATH)[0]![1]?.body).toBe('orderId=5');
    expect(localStorage.getItem(COMPLAINT_ORDER_KEY)).toBe('HR0002');
  });

  it('collection needs a sub-type: its list opens and a sub-type opens the form', async () => {
    setup();
    fireEvent.click(await screen.findByRole('button', { name: 'Collection' }));
    expect(screen.getByRole('button', { name: 'Collection' }).getAttribute('aria-expanded')).toBe('true');
    expect(screen.queryByTestId('where')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'They contacted people other than me' }));
    expect(where()).toBe('/complainPageNext?sessionId=s1&problemType=1&problemSonType=11&orderNo=HR0001');
  });

  it('other types open the form at once, without a sub-type', async () => {
    setup();
    fireEvent.click(await screen.findByRole('button', { name: 'Repayment and payments' }));
    expect(where()).toBe('/complainPageNext?sessionId=s1&problemType=2&problemSonType=0&orderNo=HR0001');
  });

  it('Change loan chooses another loan; collection is refused for a loan that is not in repayment (isShow 0)', async () => {
    setup();
    fireEvent.click(await screen.findByRole('button', { name: 'Collection' }));
    // The link says what it does; "All" read as a filter (issue 33).
    expect(screen.queryByRole('button', { name: 'All' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Change loan' }));
    const sheet = screen.getByRole('dialog', { name: 'Choose a loan' });
    expect(within(sheet).getByRole('radio', { name: /Hiram Flex 91/ })).toHaveProperty('checked', true);
    expect(within(sheet).getByRole('radio', { name: /Hiram Flex 91/ }).closest('label')?.textContent).toContain('₱5,000.00 · HR0001 · Loan received');
    fireEvent.click(within(sheet).getByRole('radio', { name: /Hiram Quick 30/ }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Hiram Quick 30' })).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('/complaint?sessionId=s1&orderId=5');
    expect(localStorage.getItem(COMPLAINT_ORDER_KEY)).toBe('HR0002');
    // The open sub-types closed with the change of loan, and collection is refused now.
    expect(screen.queryByRole('button', { name: 'They contacted people other than me' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Collection' }));
    expect(getToast()?.message).toBe(
      'Collection complaints are about a loan you have been repaying. Please choose that loan with Change loan.',
    );
    expect(screen.queryByRole('button', { name: 'They contacted people other than me' })).toBeNull();
    expect(screen.queryByTestId('where')).toBeNull();
    // Other types still go to the form, about the loan chosen.
    fireEvent.click(screen.getByRole('button', { name: 'Repayment and payments' }));
    expect(where()).toBe('/complainPageNext?sessionId=s1&problemType=2&problemSonType=0&orderNo=HR0002');
  });

  it('without loans: other types only', async () => {
    localStorage.setItem(COMPLAINT_ORDER_KEY, 'HR0009');
    setup('sessionId=s1', { ...INIT, orderDetail: null, orderList: [] });
    expect(await screen.findByText('You have no loans yet. You can still tell us about other concerns.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Change loan' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Collection' }));
    expect(getToast()?.message).toMatch(/^Collection complaints/);
    fireEvent.click(screen.getByRole('button', { name: 'Repayment and payments' }));
    expect(where()).toBe('/complainPageNext?sessionId=s1&problemType=2&problemSonType=0');
    expect(localStorage.getItem(COMPLAINT_ORDER_KEY)).toBeNull();
  });
});
