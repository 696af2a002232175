import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AppRoutes } from './AppRoutes';

describe('routes', () => {
  it('shows a not-found page with a link home', async () => {
    render(
      <MemoryRouter initialEntries={['/no-such-page']}>
        <AppRoutes />
      </MemoryRouter>,
    );
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to home' }).getAttribute('href')).toBe('/home');
  });

  it('serves the payment instructions', async () => {
    render(
      <MemoryRouter initialEntries={['/paymentInstructions']}>
        <AppRoutes />
      </MemoryRouter>,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'How to pay' })).toBeTruthy();
    expect(await screen.findAllByRole('button', { name: /^Enlarge the picture/ })).toHaveLength(3);
  });
});
