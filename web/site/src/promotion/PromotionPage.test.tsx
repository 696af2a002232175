import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PromotionPage } from './PromotionPage';

afterEach(() => vi.unstubAllGlobals());

describe('promotion page', () => {
  it('offers the borrower login with the query carried, and the SEC numbers', async () => {
    const data = { companyName: 'Hiram Lending Corporation', secRegistrationNo: 'CS201900001', certificateOfAuthorityNo: '3001' };
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(new Response(JSON.stringify({ code: '0', data }))));
    window.history.replaceState(null, '', '/promotion?id=3&app_from=fb');
    render(<PromotionPage />);
    const cta = screen.getByRole('link', { name: 'Sign in with your mobile number' });
    expect(cta.getAttribute('href')).toBe('/login?id=3&app_from=fb');
    expect(await screen.findByText(/SEC Reg\. No\. CS201900001/)).toBeTruthy();
  });

  it('shows the download page', () => {
    vi.stubGlobal('fetch', vi.fn(() => new Promise(() => undefined)));
    window.history.replaceState(null, '', '/promotion#/downloadTemplate?down_id=7');
    render(<PromotionPage />);
    expect(screen.getByRole('heading', { name: 'Get Hiram' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Continue in the browser' }).getAttribute('href')).toBe('/login?down_id=7');
  });
});
