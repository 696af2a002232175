import { useQuery } from '@tanstack/react-query';
import { formApi } from '@hiram/shared/api/endpoints';
import type { components } from '@hiram/shared/api/schema.gen';
import { t } from '@hiram/shared/i18n/i18n';

export type LoanDetails = components['schemas']['LoanDetails'];

export const LOAN_DETAILS_PATH = '/v3/loan-details/loan-details';

export function loanDetailsKey(productId: string, orderId: string) {
  return ['loan-details', productId, orderId] as const;
}

export function getLoanDetails(productId: string, orderId: string) {
  return formApi.post(
    LOAN_DETAILS_PATH,
    { productId, orderId },
    { loading: t('common.loading') },
  );
}

export function loanDetailsQuery(productId: string, orderId: string) {
  return {
    queryKey: loanDetailsKey(productId, orderId),
    queryFn: () => getLoanDetails(productId, orderId),
    enabled: orderId !== '',
  };
}

/** Order details V3. A failed call leaves `data` null (spec §8: nothing extra shown). */
export function useLoanDetails(productId: string, orderId: string) {
  return useQuery(loanDetailsQuery(productId, orderId));
}
