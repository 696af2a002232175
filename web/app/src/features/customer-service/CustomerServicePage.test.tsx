import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@hiram/shared/testing/mockApi';
import CustomerServicePage from './CustomerServicePage';

afterEach(() => vi.unstubAllGlobals());

describe('customer service', () => {
  it('shows the online contact, a mailto e-mail row, a tel phone row and the hours', async () => {
    const api = mockApi({
      '/v3/personal-center/contact-kf-info': { code: '00', message: '', data: { email: 'help@hiram.ph', smWa: '+63 917 555 0199' } },
      '/customer-service/init': {
        code: '00',
        message: '',
        data: { phone: '+639171234567', email: 'other@hiram.ph', whatsapp: '', serviceHours: 'Mon–Sat 8:00–18:00', companyName: 'Hiram Lending Corporation' },
      },
    });
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter>
          <CustomerServicePage />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    // Stored as staff typed it (+63 …), shown as every mobile is: 0917 555 0199.
    const online = await screen.findByRole('link', { name: '0917 555 0199' });
    expect(online.getAttribute('href')).toBe('https://wa.me/639175550199');
    expect(online.getAttribute('rel')).toContain('noreferrer');
    expect(screen.getByRole('link', { name: 'help@hiram.ph' }).getAttribute('href')).toBe('mailto:help@hiram.ph');
    expect(screen.getByRole('link', { name: '0917 123 4567' }).getAttribute('href')).toBe('tel:+639171234567');
    expect(screen.getByText('Mon–Sat 8:00–18:00')).toBeTruthy();
    expect(api.calls('/v3/personal-center/contact-kf-info')[0]![1]?.body).toBe('overall=30');
  });
});
