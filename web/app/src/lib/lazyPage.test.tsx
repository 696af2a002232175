import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { lazyPage } from './lazyPage';

function Page() {
  return <h1>The page</h1>;
}

function renderInSuspense(page: ReturnType<typeof lazyPage>) {
  return render(
    <Suspense fallback={<p>Waiting</p>}>
      <page.Component />
    </Suspense>,
  );
}

describe('lazyPage', () => {
  it('renders a page loaded beforehand at once, without a fallback', async () => {
    const page = lazyPage(() => Promise.resolve({ default: Page }));
    await page.preload();
    renderInSuspense(page);
    // No await: the page is there in the first commit.
    expect(screen.getByRole('heading', { name: 'The page' })).toBeTruthy();
    expect(screen.queryByText('Waiting')).toBeNull();
  });

  it('shows the fallback for a page not loaded yet, then the page', async () => {
    let loads = 0;
    const page = lazyPage(() => {
      loads += 1;
      return Promise.resolve({ default: Page });
    });
    renderInSuspense(page);
    expect(screen.getByText('Waiting')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'The page' })).toBeTruthy();
    await page.preload();
    expect(loads).toBe(1);
  });

  it('downloads again after a failed download', async () => {
    let loads = 0;
    const page = lazyPage(() => {
      loads += 1;
      return loads === 1 ? Promise.reject(new Error('offline')) : Promise.resolve({ default: Page });
    });
    await expect(page.preload()).rejects.toThrow('offline');
    await act(() => page.preload());
    renderInSuspense(page);
    expect(screen.getByRole('heading', { name: 'The page' })).toBeTruthy();
    expect(loads).toBe(2);
  });
});
