import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
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
    const fetch = vi.fn().mockResolvedValue(new Response(JSON.stringify({ code: '0', message: '', data: INFO })));
    vi.stubGlobal('fetch', fetch);
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
    expect(String(fetch.mock.calls[0]?.[0])).toBe('/pany/public/company-info');
  });

  it('embeds the privacy policy and the loan terms lazily, without the app header', () => {
    vi.stubGlobal('fetch', vi.fn(() => new Promise(() => undefined)));
    render(<SitePage />);
    const privacy = screen.getByTitle('Privacy policy (full text)');
    expect(privacy.getAttribute('src')).toBe('/privacyPolicy?embed=1&lang=en');
    expect(privacy.getAttribute('loading')).toBe('lazy');
    expect(screen.getByTitle('Loan terms and conditions (full text)').getAttribute('src')).toBe('/loanTerms?embed=1&lang=en');
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
});
