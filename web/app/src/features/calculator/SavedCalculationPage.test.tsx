import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@hiram/shared/testing/mockApi';
import { ok, renderRoute } from '../../testing/renderRoute';
import SavedCalculationPage from './SavedCalculationPage';
import SavedCalculationsPage from './SavedCalculationsPage';
import { INFO, JUMP, SAVED } from './testData';

afterEach(() => vi.unstubAllGlobals());

describe('saved calculations', () => {
  it('lists them by name with the amount and payment, and opens one', async () => {
    mockApi({ '/calc/list-loan': ok({ list: [SAVED, { ...SAVED, id: 8, name: '', savedAt: '2026-11-28T11:25:42.273Z' }] }) });
    renderRoute('/calculator/saved?sessionId=s1', '/calculator/saved', <SavedCalculationsPage />);
    const links = await screen.findAllByRole('link', { name: /payments of about/ });
    expect(links.map((link) => link.querySelector('strong')?.textContent)).toEqual(['Tricycle repair', '₱5,000.00']);
    // When each was saved, in Manila time as a borrower reads it (a UTC moment is 8 hours on).
    expect(links.map((link) => link.querySelector('.app-muted')?.textContent)).toEqual(['Nov 22, 2026, 10:00 AM', 'Nov 28, 2026, 7:25 PM']);
    fireEvent.click(links[0]!);
    expect(screen.getByTestId('where').textContent).toBe('/calculator/saved/detail?sessionId=s1&id=7');
  });

  it('says when there are none', async () => {
    mockApi({ '/calc/list-loan': ok({ list: [] }) });
    renderRoute('/calculator/saved?sessionId=s1', '/calculator/saved', <SavedCalculationsPage />);
    expect(await screen.findByText('You have no saved calculations yet.')).toBeTruthy();
  });

  it('shows the products that lend the amount and counts the one opened', async () => {
    const api = mockApi({
      '/calc/info-loan': ok(INFO),
      '/calc/jump-page': ok(JUMP),
      '/calc/jump-page-view': ok({ path: '/productDetail?productId=4', views: 3 }),
    });
    renderRoute('/calculator/saved/detail?sessionId=s1&id=7', '/calculator/saved/detail', <SavedCalculationPage />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Tricycle repair' })).toBeTruthy();
    const product = await screen.findByRole('button', { name: /Kalesa Quick Pera/ });
    expect(product.textContent).toContain('₱705.00 interest and fees, 91 days');
    // The cost sentence sits under the name; the side holds the total alone, labelled.
    expect(product.querySelector('.app-order-main')?.textContent).toContain('₱705.00 interest and fees, 91 days');
    expect(product.querySelector('.app-order-side')?.textContent).not.toContain('interest and fees');
    expect(product.querySelector('.app-order-side')?.textContent).toMatch(/^₱[\d,]+\.\d{2}Total repayment$/);
    fireEvent.click(product);
    await vi.waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/productDetail?productId=4&sessionId=s1'));
    const body = new URLSearchParams(String(api.calls('/calc/jump-page-view')[0]![1]?.body));
    expect([body.get('productId'), body.get('id')]).toEqual(['4', '7']);
  });

  it('deletes after asking, then goes back to the list', async () => {
    const api = mockApi({ '/calc/info-loan': ok(INFO), '/calc/jump-page': ok(JUMP), '/calc/del-loan': ok(null) });
    renderRoute('/calculator/saved/detail?sessionId=s1&id=7', '/calculator/saved/detail', <SavedCalculationPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete calculation' }));
    expect(api.calls('/calc/del-loan')).toHaveLength(0);
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete calculation' }));
    await vi.waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/calculator/saved?sessionId=s1'));
    expect(api.calls('/calc/del-loan')).toHaveLength(1);
  });
});
