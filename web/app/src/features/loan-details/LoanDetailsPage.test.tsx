import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLocale } from '@hiram/shared/i18n/i18n';
import { queryDefaults } from '../../app/queryClient';
import { loanDetailsKey, type LoanDetails } from './api/getLoanDetails';
import LoanDetailsPage, { prefetch } from './LoanDetailsPage';

const DETAILS: LoanDetails = {
  orderStatus: 174,
  noticeStatusText: 'Loan disbursed',
  noticeDesText: 'Please repay by 2025-07-01',
  productName: 'Hiram Flex 91',
  productLogo: '/logo.png',
  userOrderDetail: {
    detail: [
      { text: 'Loan amount', value: '₱5,000.00' },
      { text: 'Coupon', value: '' },
    ],
  },
  recProducts: [],
  isDelay: '1',
  telephone: '',
  isScore: 0,
  playeduL: '',
  reyMsg: '',
  KindTipsMsg: '',
  cardNeedPop: 0,
  cardPopTitle: '',
  cardPopMsg: '',
  inside: '',
  h5Url: '',
};

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + location.search}</p>;
}

function stubFetch(body: unknown) {
  const fetch = vi.fn().mockResolvedValue(new Response(JSON.stringify(body)));
  vi.stubGlobal('fetch', fetch);
  window.history.replaceState(null, '', '/loanDetails?sessionId=s1&productId=4&orderId=12');
  return fetch;
}

function renderPage(body: unknown) {
  const fetch = stubFetch(body);
  mountPage(new QueryClient({ defaultOptions: { queries: { retry: false } } }));
  return fetch;
}

function mountPage(client: QueryClient) {
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/loanDetails?sessionId=s1&productId=4&orderId=12']}>
        <Routes>
          <Route path="/loanDetails" element={<LoanDetailsPage />} />
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('order details', () => {
  it('asks for the order through the form client', async () => {
    const fetch = renderPage({ code: '0', message: '', data: DETAILS });
    await screen.findByRole('heading', { name: 'Hiram Flex 91' });
    const [url, init] = fetch.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/pany/v3/loan-details/loan-details?sessionId=s1');
    expect(init.body).toBe('productId=4&orderId=12');
  });

  it.each([
    ['still on its way', false],
    ['already answered', true],
  ])('shows the start-up\'s call %s at the first render, without making it again', async (_, answered) => {
    const fetch = stubFetch({ code: '0', message: '', data: DETAILS });
    const client = new QueryClient({ defaultOptions: queryDefaults });
    prefetch(client, new URLSearchParams(window.location.search));
    if (answered) await vi.waitFor(() => expect(client.getQueryData(loanDetailsKey('4', '12'))).toBeDefined());
    mountPage(client);
    await screen.findByRole('heading', { name: 'Hiram Flex 91' });
    expect(fetch).toHaveBeenCalledTimes(1);
    expect((fetch.mock.calls[0] as [string, RequestInit])[1].body).toBe('productId=4&orderId=12');
  });

  it('shows the banner with the glossary\'s status name, the product card without empty rows, and Pay + the extension', async () => {
    renderPage({ code: '0', message: '', data: DETAILS });
    // The status by its glossary name, whatever words the server sent.
    expect(await screen.findByRole('heading', { name: 'Loan received' })).toBeTruthy();
    expect(screen.queryByText('Loan disbursed')).toBeNull();
    expect(screen.getByText('Please repay by 2025-07-01')).toBeTruthy();
    expect(screen.getByText('Loan amount')).toBeTruthy();
    expect(screen.queryByText('Coupon')).toBeNull();
    expect(screen.getByText(/^Short of money\?/).nextElementSibling).toBe(screen.getByRole('button', { name: 'Pay for an extension' }));
    fireEvent.click(screen.getByRole('button', { name: 'Pay for an extension' }));
    expect(screen.getByTestId('where').textContent).toBe('/repayDelay?sessionId=s1&productId=4&orderId=12');
  });

  it('shows a day in the order\'s rows as the borrower reads it, in their language, and other values as sent', async () => {
    const rows = [
      { text: 'Loan number', value: 'HR202509010001' },
      { text: 'Due date', value: '2025-09-30' },
    ];
    renderPage({ code: '0', message: '', data: { ...DETAILS, userOrderDetail: { detail: rows } } });
    expect((await screen.findByText('Due date')).nextElementSibling?.textContent).toBe('Sep 30, 2025');
    expect(screen.getByText('Loan number').nextElementSibling?.textContent).toBe('HR202509010001');
    // The server's own sentence is left as it wrote it.
    expect(screen.getByText('Please repay by 2025-07-01')).toBeTruthy();
  });

  it('shows that day in Filipino on a Filipino page', async () => {
    await setLocale('fil');
    try {
      const rows = [{ text: 'Takdang petsa', value: '2025-09-30' }];
      renderPage({ code: '0', message: '', data: { ...DETAILS, userOrderDetail: { detail: rows } } });
      expect((await screen.findByText('Takdang petsa')).nextElementSibling?.textContent).toBe('Set 30, 2025');
    } finally {
      await setLocale('en');
    }
  });

  it('shows an overdue borrower days late, penalties, today\'s balance and what another day adds, with the extension', async () => {
    const overdue = {
      daysLate: 9,
      penaltiesSoFar: 3443,
      balanceToday: 330743,
      nextDayAdds: 327,
      capReached: false,
      lines: ['9 days late.', 'Late penalties so far: ₱34.43.', 'Balance as of today: ₱3,307.43.', 'Each more day late adds ₱3.27 in penalties.'],
    };
    renderPage({ code: '0', message: '', data: { ...DETAILS, orderStatus: 180, overdue } });
    const card = await screen.findByTestId('overdue-standing');
    expect(card.querySelector('h3')?.textContent).toBe('Your loan is overdue');
    expect([...card.querySelectorAll('li')].map((item) => item.textContent)).toEqual(overdue.lines);
    expect(screen.getByRole('button', { name: 'Pay for an extension' })).toBeTruthy();
  });

  it('shows the running balance, and why closing the loan today costs more than what is owed today', async () => {
    // The screenshots' loan on day 7: ₱5,000 at 4% for 91 days.
    const balance = { paid: 0, owedToday: 507333, nextDueAmount: 560666, nextDueDate: '2027-02-16', payoffToday: 530666, settledNote: '' };
    renderPage({ code: '0', message: '', data: { ...DETAILS, balance } });
    const card = await screen.findByTestId('running-balance');
    const rows = [...card.querySelectorAll('.app-row')].map((row) => [row.querySelector('dt')?.textContent, row.querySelector('dd')?.textContent]);
    expect(rows).toEqual([
      ['Paid so far', '₱0.00'],
      ['Owed today', '₱5,073.33'],
      ['Next payment', '₱5,606.66 by Feb 16, 2027'],
      ['Pay off the whole loan today', '₱5,306.66'],
    ]);
    expect(card.querySelector('p')?.textContent).toContain('Paying the whole loan off today costs ₱233.33 more');
  });

  it('says nothing of closing the loan when the next payment costs no more', async () => {
    const balance = { paid: 0, owedToday: 300000, nextDueAmount: 120000, nextDueDate: '2027-01-16', payoffToday: 310000, settledNote: '' };
    renderPage({ code: '0', message: '', data: { ...DETAILS, balance } });
    const card = await screen.findByTestId('running-balance');
    expect(card.textContent).not.toContain('Pay off the whole loan today');
    expect(card.querySelector('p')).toBeNull();
  });

  it('shows no overdue card for an open loan', async () => {
    renderPage({ code: '0', message: '', data: DETAILS });
    await screen.findByRole('heading', { name: 'Hiram Flex 91' });
    expect(screen.queryByTestId('overdue-standing')).toBeNull();
  });

  it('offers Borrow Again when repaid', async () => {
    vi.stubGlobal('fetch', vi.fn());
    renderPage({ code: '0', message: '', data: { ...DETAILS, orderStatus: 200 } });
    fireEvent.click(await screen.findByRole('button', { name: 'Borrow Again' }));
    expect(screen.getByTestId('where').textContent).toBe('/productDetail?sessionId=s1&productId=4');
  });

  it('shows nothing extra on failure', async () => {
    const fetch = renderPage({ code: '40401', message: 'Order not found', data: null });
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
    await new Promise((r) => setTimeout(r, 0));
    // Only the header's own controls: no banner, card, buttons or popup.
    expect(screen.queryAllByRole('button').map((button) => button.getAttribute('aria-label'))).toEqual(['Back']);
    expect(screen.queryByRole('region', { name: 'Loan status' })).toBeNull();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Loan details');
  });
});
