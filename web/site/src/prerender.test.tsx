import { act } from '@testing-library/react';
import { Profiler } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Root } from './common/Root';
import { PAGES, render } from './prerender';

afterEach(() => {
  document.body.innerHTML = '';
  window.history.replaceState(null, '', '/');
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
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

  it('paints the promotion landing the same whatever its query, which it may then hydrate as it is', async () => {
    const plain = await render('promotion', 'en');
    window.history.replaceState(null, '', '/promotion?id=3&user_from=ads&invite_code=K7&links_id=fb-nov&UC=x');
    expect(await render('promotion', 'en')).toBe(plain);
  });

  // Hydrated, not replaced: the site and the promotion's landing keep the
  // heading they painted, in one commit (the landing's address is hydrated
  // as it is); another route of the promotion page moves on to its own in a
  // second. No call answers, so no answer makes a commit of its own.
  it.each([
    ['index', '/', 1],
    ['promotion', '/promotion?id=3&user_from=ads', 1],
    ['promotion', '/promotion?id=3#/downloadTemplate', 2],
  ] as const)('hydrates %s at %s without a mismatch', async (page, address, commitCount) => {
    vi.stubGlobal('fetch', vi.fn(() => new Promise<Response>(() => undefined)));
    const markup = await render(page, 'en');
    window.history.replaceState(null, '', address);
    const root = document.createElement('div');
    root.innerHTML = markup;
    document.body.append(root);
    const painted = root.querySelector('h1, h2');
    const mismatches = vi.fn();
    // React reports a mismatched attribute only on the console.
    const consoleErrors = vi.spyOn(console, 'error');
    const commits = vi.fn();
    await act(async () => {
      hydrateRoot(
        root,
        <Profiler id="page" onRender={commits}>
          <Root page={PAGES[page]} />
        </Profiler>,
        { onRecoverableError: mismatches },
      );
    });
    expect(mismatches).not.toHaveBeenCalled();
    expect(consoleErrors).not.toHaveBeenCalled();
    expect(commits).toHaveBeenCalledTimes(commitCount);
    expect(root.contains(painted)).toBe(commitCount === 1);
  });
});
