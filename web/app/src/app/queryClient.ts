import { QueryClient, type DefaultOptions } from '@tanstack/react-query';

export const queryDefaults: DefaultOptions = {
  // The request helper already toasts failures and never rejects: no retries.
  queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
};

/**
 * The app's one query cache: the pages' hooks read it, and the start-up puts
 * the first page's call in it before the first render (start.ts).
 */
export const queryClient = new QueryClient({ defaultOptions: queryDefaults });
