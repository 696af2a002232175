import { QueryClient } from '@tanstack/react-query';

/**
 * The app's one query cache: the pages' hooks read it, and the start-up puts
 * the first page's call in it before the first render (start.ts).
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    // The request helper already toasts failures and never rejects: no retries.
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
  },
});
