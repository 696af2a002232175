import { useQuery } from '@tanstack/react-query';
import { formApi } from '@hiram/shared/api/endpoints';
import type { components } from '@hiram/shared/api/schema.gen';
import { t } from '@hiram/shared/i18n/i18n';
import { useRefetchOnArrival } from '../../../lib/arrival';

/** Loan confirm data (spec §3) for the caller's approved (151) order. */
export type LoanConfirm = components['schemas']['LoanConfirm'];

export const LOAN_CONFIRM_PATH = '/v3/loan-confirm/loan-detail-confirm';

export function getLoanConfirm(productId: string, orderId: string) {
  return formApi.post(LOAN_CONFIRM_PATH, { productId, orderId }, { loading: t('common.loading') });
}

/** The calls a confirmation page's data goes through, and the key that keeps each page's replies apart. */
export interface LoanConfirmCalls {
  key: string;
  loanConfirm: typeof getLoanConfirm;
}

/**
 * The page's data through `calls`; the product alone names the order (spec
 * §7), the order id may come too. Never fresh from an earlier visit: these
 * are the figures the borrower agrees to.
 */
export function loanConfirmQuery(productId: string, orderId: string, calls: LoanConfirmCalls) {
  return {
    queryKey: ['loan-confirm', calls.key, productId, orderId],
    queryFn: () => calls.loanConfirm(productId, orderId),
    enabled: productId !== '' || orderId !== '',
    staleTime: 0,
  };
}

/**
 * The figures the borrower agrees to are the server's latest on each
 * arrival: the start-up's answer on the first, a new call on any later one.
 */
export function useLoanConfirm(productId: string, orderId: string, calls: LoanConfirmCalls) {
  const query = loanConfirmQuery(productId, orderId, calls);
  return useQuery({ ...query, refetchOnMount: useRefetchOnArrival(query.queryKey) });
}
