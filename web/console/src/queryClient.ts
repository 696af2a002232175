import { keepPreviousData, QueryClient } from '@tanstack/react-query';

/**
 * The console's query client, as the borrower app's: the request helper
 * already toasts a failure and never rejects, so no retries. A list keeps
 * its last page shown while the next filter's or page's loads, and a
 * section asks again each time it opens (no stale time): staff act on what
 * the server holds now.
 */
export function createConsoleQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, placeholderData: keepPreviousData },
    },
  });
}
