// Test helper: renders one page at a URL inside a query client (a fresh one
// unless given one) and a memory router; any other route shows where the
// page navigated to.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { vi } from 'vitest';
import { configureBridge } from '@hiram/shared/bridge/bridge';

function Where({ testId = 'where' }: { testId?: string }) {
  const location = useLocation();
  // The history entry's state, if any, as JSON in data-state.
  const state = location.state == null ? undefined : JSON.stringify(location.state);
  return (
    <p data-testid={testId} data-state={state}>
      {location.pathname + location.search}
    </p>
  );
}

/**
 * `where` (a stand-in page) appears when the page navigates away from `path`;
 * `location` always shows the router's current address (and both the
 * history state, as JSON in `data-state`).
 * `url` is also written to the window's address (the request helper reads the
 * session query from there). The bridge's in-app navigation is wired to the
 * memory router's history through `navigate`, returned for assertions.
 * `client` is the query cache to render with (one the start-up filled).
 */
export function renderRoute(
  url: string,
  path: string,
  element: ReactElement,
  client = new QueryClient({ defaultOptions: { queries: { retry: false } } }),
) {
  window.history.replaceState(null, '', url);
  const view = render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path={path} element={element} />
          <Route path="*" element={<Where />} />
        </Routes>
        <Where testId="location" />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...view, client };
}

/** Stubs a native (iOS) handler for `action` and returns its postMessage mock. */
export function nativeHandler(action: string) {
  const postMessage = vi.fn();
  window.webkit = { messageHandlers: { ...(window.webkit?.messageHandlers ?? {}), [action]: { postMessage } } };
  return postMessage;
}

export function resetBridge() {
  delete window.webkit;
  configureBridge({});
}

export const ok = (data: unknown) => ({ code: '00', message: '', data });
export const fail = (code: string, message: string, data: unknown = null) => ({ code, message, data });
