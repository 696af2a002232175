import { act } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@hiram/shared/testing/mockApi';
import { Root } from './common/Root';
import { PAGES, render } from './prerender';

const INFO = {
  companyName: 'Hiram Lending Corporation',
  tradeName: 'Hiram',
  secRegistrationNo: 'CS201900001',
  certificateOfAuthorityNo: '3001',
  address: 'Makati City, Metro Manila',
  phone: '+639171234567',
  email: 'help@hiram.ph',
  serviceHours: '',
};

afterEach(() => {
  document.body.innerHTML = '';
  window.history.replaceState(null, '', '/');
  vi.unstubAllGlobals();
});

describe('the site prerendered at build time (decision 048)', () => {
  it.each([
    ['index', 'en', 'About Us'],
    ['index', 'fil', 'Tungkol sa Amin'],
    ['promotion', 'en', 'Mobile number'],
  ] as const)('paints %s in %s with its text and nothing inline the CSP refuses', async (page, locale, text) => {
    const markup = await render(page, locale);
    expect(markup).toContain(text);
    expect(markup).not.toMatch(/\sstyle="|<script/);
  });

  // Hydrated, not replaced: the site and the promotion's landing (whatever
  // its query, which it hydrates as it is) keep the heading they painted;
  // another route of the promotion page moves on to its own.
  it.each([
    ['index', '/', true],
    ['promotion', '/promotion?id=3&user_from=ads', true],
    ['promotion', '/promotion?id=3#/downloadTemplate', false],
  ] as const)('hydrates %s at %s without a mismatch', async (page, address, keepsHeading) => {
    mockApi({ '/public/company-info': { code: '00', message: '', data: INFO } });
    const markup = await render(page, 'en');
    window.history.replaceState(null, '', address);
    const root = document.createElement('div');
    root.innerHTML = markup;
    document.body.append(root);
    const painted = root.querySelector('h1, h2');
    const mismatches = vi.fn();
    await act(async () => {
      hydrateRoot(root, <Root page={PAGES[page]} />, { onRecoverableError: mismatches });
    });
    expect(mismatches).not.toHaveBeenCalled();
    expect(root.contains(painted)).toBe(keepsHeading);
  });
});
