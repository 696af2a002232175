import { act, render, screen } from '@testing-library/react';
import { MemoryRouter, useNavigate, type NavigateFunction } from 'react-router';
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

  it('opens a page the borrower goes to at its top, and leaves back to the browser', async () => {
    // The channel sheet's Pay sits at the foot of the payment page: at
    // 360×800 the window is some 200 px down when the code page opens.
    let navigate: NavigateFunction = () => undefined;
    function Driver() {
      navigate = useNavigate();
      return null;
    }
    render(
      <MemoryRouter initialEntries={['/paymentInstructions']}>
        <Driver />
        <AppRoutes />
      </MemoryRouter>,
    );
    await screen.findByRole('heading', { level: 1, name: 'How to pay' });
    const root = document.scrollingElement ?? document.documentElement;
    root.scrollTop = 206;
    await act(async () => navigate('/no-such-page'));
    expect(root.scrollTop).toBe(0);
    root.scrollTop = 120;
    await act(async () => navigate(-1));
    expect(root.scrollTop).toBe(120);
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
