import type { QueryClient } from '@tanstack/react-query';
import { lazy, type ComponentType } from 'react';

export interface PageModule {
  default: ComponentType;
  /**
   * Starts the page's first calls for the address's query during the
   * start-up, so that the first render has their answers (start.ts); settles
   * when they are answered or have failed, never rejects.
   */
  prefetch?: (client: QueryClient, search: URLSearchParams) => Promise<unknown>;
}

export interface LazyPage {
  /** The page, loaded on its first render unless `preload` brought it already. */
  Component: ComponentType;
  /** Loads the page's code; the same download however often it is called. */
  preload: () => Promise<PageModule>;
}

/**
 * A page in its own chunk that can be loaded before its first render. The
 * start-up loads the page the address names together with the texts and the
 * session (`start.ts`), so the first render shows the page itself: a page
 * that suspends there is shown only after React's pause for a Suspense
 * fallback (300 ms), and its call to the server waits for it (issue 34).
 */
export function lazyPage(load: () => Promise<PageModule>): LazyPage {
  let loading: Promise<PageModule> | undefined;
  let loaded: PageModule | undefined;
  const preload = () =>
    (loading ??= load().then(
      (page) => {
        loaded = page;
        return page;
      },
      (error: unknown) => {
        // A download that failed (a dropped connection) before the page's
        // first render is asked for again by that render; `lazy` keeps a
        // failure it met itself, as before.
        loading = undefined;
        throw error;
      },
    ));
  const Component = lazy(() => {
    if (!loaded) return preload();
    // A settled answer React reads at once: `lazy` renders a page whose
    // thenable calls back synchronously without suspending.
    const page = loaded;
    return { then: (settle: (value: PageModule) => unknown) => settle(page) } as PromiseLike<PageModule> as Promise<PageModule>;
  });
  return { Component, preload };
}
