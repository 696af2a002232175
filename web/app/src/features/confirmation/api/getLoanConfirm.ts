import { useQuery } from '@tanstack/react-query';
import { formApi } from '@hiram/shared/api/endpoints';
import type { components } from '@hiram/shared/api/schema.gen';
import { t } from '@hiram/shared/i18n/i18n';

/** Loan confirm data (spec §3) for the caller's approved (151) order. */
export type LoanConfirm = components['schemas']['LoanConfirm'];

export const LOAN_CONFIRM_PATH = '/v3/loan-confirm/loan-detail-confirm';

export function getLoanConfirm(productId: string, orderId: string) {
  return formApi.post(LOAN_CONFIRM_PATH, { productId, orderId }, { loading: t('common.loading') });
}

export function useLoanConfirm(productId: string, orderId: string) {
  return useQuery({
    queryKey: ['loan-confirm', productId, orderId],
    queryFn: () => getLoanConfirm(productId, orderId),
    enabled: orderId !== '',
    staleTime: 0,
  });
}
