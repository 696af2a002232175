import { QueryClient } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@hiram/shared/testing/mockApi';
import { queryDefaults } from '../../app/queryClient';
import { ok, renderRoute } from '../../testing/renderRoute';
import CertifyPage, { prefetch } from './CertifyPage';

const list = (complete: boolean, identityNotice = '') =>
  ok({
    sections: [
      { key: 'basic', title: 'Basic information', done: true },
      { key: 'personal', title: 'Personal information', done: complete },
      { key: 'job', title: 'Work', done: complete },
      { key: 'ext', title: 'More about you', done: complete },
    ],
    progress: complete ? 100 : 25,
    complete,
    identityNotice,
  });

afterEach(() => vi.unstubAllGlobals());

describe('KYC list', () => {
  it("shows the start-up's progress at its first arrival without asking again, and asks again on the next", async () => {
    const api = mockApi({ '/v3/certify/certify-list': list(false) });
    window.history.replaceState(null, '', '/certify?sessionId=s1');
    const client = new QueryClient({ defaultOptions: queryDefaults });
    await prefetch(client);
    expect(api.calls('/v3/certify/certify-list')).toHaveLength(1);
    renderRoute('/certify?sessionId=s1', '/certify', <CertifyPage />, client).unmount();
    await new Promise((r) => setTimeout(r, 0));
    expect(api.calls('/v3/certify/certify-list')).toHaveLength(1);
    renderRoute('/certify?sessionId=s1', '/certify', <CertifyPage />, client);
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('25');
    await waitFor(() => expect(api.calls('/v3/certify/certify-list')).toHaveLength(2));
  });

  it('shows progress and continues at the first open section, carrying product and amount', async () => {
    mockApi({ '/v3/certify/certify-list': list(false) });
    renderRoute('/certify?sessionId=s1&productId=4&amount=300000', '/certify', <CertifyPage />);
    expect((await screen.findByRole('progressbar')).getAttribute('aria-valuenow')).toBe('25');
    expect(screen.getByRole('link', { name: /Basic information/ }).textContent).toContain('Done');
    expect(screen.getByRole('link', { name: 'Continue' }).getAttribute('href')).toBe(
      '/certify/personal?sessionId=s1&productId=4&amount=300000',
    );
  });

  it('says why the photos must be taken again when staff could not confirm them', async () => {
    const notice = 'We could not confirm who you are from your ID photo and selfie: The ID photo is blurred. Please take them again.';
    mockApi({ '/v3/certify/certify-list': list(false, notice) });
    renderRoute('/certify?sessionId=s1', '/certify', <CertifyPage />);
    expect((await screen.findByRole('alert')).textContent).toBe(notice);
  });

  it('shows no notice otherwise', async () => {
    mockApi({ '/v3/certify/certify-list': list(false) });
    renderRoute('/certify?sessionId=s1', '/certify', <CertifyPage />);
    await screen.findByRole('progressbar');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it.each([['productId'], ['product_id']])('when complete, leads back to the product the address names as %s', async (spelling) => {
    mockApi({ '/v3/certify/certify-list': list(true) });
    renderRoute(`/certify?sessionId=s1&${spelling}=4&amount=300000`, '/certify', <CertifyPage />);
    expect((await screen.findByRole('link', { name: 'Back to your loan' })).getAttribute('href')).toBe(
      '/productDetail?sessionId=s1&productId=4&amount=300000',
    );
  });
});
