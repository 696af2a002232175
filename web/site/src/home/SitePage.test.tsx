import { act, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLocale } from '@hiram/shared/i18n/i18n';
import { mockApi } from '@hiram/shared/testing/mockApi';
import { BANNER_INTERVAL_MS } from './Carousel';
import { SitePage } from './SitePage';

const INFO = {
  companyName: 'Hiram Lending Corporation',
  tradeName: 'Hiram',
  secRegistrationNo: 'CS201900001',
  certificateOfAuthorityNo: '3001',
  address: 'Makati City, Metro Manila',
  phone: '+639171234567',
  email: 'help@hiram.ph',
  serviceHours: 'Mon–Sat 8:00–18:00',
};

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('marketing site', () => {
  it('shows the navigation and the company details from company-info', async () => {
    const api = mockApi({ '/public/company-info': { code: '0', message: '', data: INFO } });
    render(<SitePage />);
    const nav = screen.getByRole('navigation', { name: 'Main' });
    for (const name of ['Home', 'About Us', 'User reviews', 'Privacy Policy', 'Loan Terms And Conditions', 'Contact Us']) {
      expect(nav.querySelector(`a[href^="#"]`)).toBeTruthy();
      expect(screen.getAllByRole('link', { name }).length).toBeGreaterThan(0);
    }
    const footer = screen.getByRole('contentinfo');
    expect(await screen.findByText('CS201900001')).toBeTruthy();
    expect(footer.textContent).toContain('Hiram Lending Corporation');
    expect(footer.textContent).toContain('0917 123 4567');
    expect(api.calls('/public/company-info')).toHaveLength(1);
  });

  it('gives the service hours’ days in Filipino on the Filipino page (decision 086)', async () => {
    await setLocale('fil');
    try {
      mockApi({ '/public/company-info': { code: '0', message: '', data: INFO } });
      render(<SitePage />);
      expect(await screen.findByText('Lun–Sab 8:00–18:00')).toBeTruthy();
    } finally {
      await setLocale('en');
    }
  });

  it('embeds the privacy policy and the loan terms lazily, without the app header', () => {
    vi.stubGlobal('fetch', vi.fn(() => new Promise(() => undefined)));
    // Both places on screen at once.
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(private readonly seen: (entries: { isIntersecting: boolean }[]) => void) {}
        observe() {
          this.seen([{ isIntersecting: true }]);
        }
        disconnect() {}
      },
    );
    render(<SitePage />);
    const privacy = screen.getByTitle('Privacy policy (full text)');
    expect(privacy.getAttribute('src')).toBe('/privacyPolicy?embed=1&lang=en');
    expect(privacy.getAttribute('loading')).toBe('lazy');
    expect(screen.getByTitle('Loan terms and conditions (full text)').getAttribute('src')).toBe('/loanTerms?embed=1&lang=en');
  });

  it('makes the legal frames only when their place comes on screen', () => {
    vi.stubGlobal('fetch', vi.fn(() => new Promise(() => undefined)));
    const watchers: ((entries: { isIntersecting: boolean }[]) => void)[] = [];
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(seen: (entries: { isIntersecting: boolean }[]) => void) {
          watchers.push(seen);
        }
        observe() {}
        disconnect() {}
      },
    );
    render(<SitePage />);
    expect(screen.queryByTitle('Privacy policy (full text)')).toBeNull();
    expect(watchers).toHaveLength(2);
    act(() => watchers.forEach((seen) => seen([{ isIntersecting: false }])));
    expect(screen.queryByTitle('Privacy policy (full text)')).toBeNull();
    act(() => watchers[0]!([{ isIntersecting: true }]));
    expect(screen.getByTitle('Privacy policy (full text)').getAttribute('src')).toBe('/privacyPolicy?embed=1&lang=en');
    expect(screen.queryByTitle('Loan terms and conditions (full text)')).toBeNull();
  });

  it('loops three banners every 3 s', () => {
    vi.useFakeTimers();
    vi.stubGlobal('fetch', vi.fn(() => new Promise(() => undefined)));
    render(<SitePage />);
    const dots = () => screen.getAllByRole('button', { name: /Show highlight/ });
    expect(dots()).toHaveLength(3);
    const current = () => dots().findIndex((d) => d.getAttribute('aria-current') === 'true');
    expect(current()).toBe(0);
    act(() => vi.advanceTimersByTime(BANNER_INTERVAL_MS));
    expect(current()).toBe(1);
    act(() => vi.advanceTimersByTime(BANNER_INTERVAL_MS));
    act(() => vi.advanceTimersByTime(BANNER_INTERVAL_MS));
    expect(current()).toBe(0);
  });

  it('shows the banners staff set instead of its own, as text, linking only to safe places', async () => {
    const banners = [
      { id: 7, text: '<b>Piso sale</b> this week', link: '/promotion?id=1' },
      { id: 8, text: 'No service fee today', link: 'javascript:alert(1)' },
    ];
    const api = mockApi({ '/public/site-banners': { code: '00', message: '', data: banners } });
    render(<SitePage />);
    const carousel = screen.getByRole('region', { name: 'Highlights' });
    const sale = await within(carousel).findByRole('link', { name: '<b>Piso sale</b> this week' });
    expect(sale.getAttribute('href')).toBe('/promotion?id=1');
    expect(carousel.querySelector('b')).toBeNull();
    expect(within(carousel).getByText('No service fee today').closest('a')).toBeNull();
    expect(within(carousel).queryByText('Cash when you need it')).toBeNull();
    expect(screen.getAllByRole('button', { name: /Show highlight/ })).toHaveLength(2);
    expect(api.calls('/public/site-banners')).toHaveLength(1);
  });
});
