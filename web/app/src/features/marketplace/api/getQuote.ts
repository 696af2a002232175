import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { formApi } from '@hiram/shared/api/endpoints';
import type { components } from '@hiram/shared/api/schema.gen';

/** What a loan of `amount` costs; every amount in centavos, rates as text ("4.99%"). */
export type QuoteView = components['schemas']['QuoteView'];

export const QUOTE_PATH = '/v3/product/quote';

export function getQuote(productId: string, amount: number) {
  // A 400 (amount out of range or off the step) toasts the server's message.
  return formApi.post(QUOTE_PATH, { productId, amount });
}

/**
 * The quote for `amount`, or `initial` while `amount` is the amount it was
 * made for (the detail's sample); the last quote stays shown while the next loads.
 */
export function useQuote(productId: string, amount: number | null, initial: QuoteView | null) {
  const ready = amount !== null && productId !== '';
  const useInitial = initial !== null && initial.amount === amount;
  return useQuery({
    queryKey: ['quote', productId, amount],
    queryFn: async () => {
      const result = await getQuote(productId, amount ?? 0);
      return result.success ? result.data : null;
    },
    enabled: ready && !useInitial,
    initialData: useInitial ? initial : undefined,
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
  });
}
