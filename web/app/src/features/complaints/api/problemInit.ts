import { useQuery } from '@tanstack/react-query';
import { formApi } from '@hiram/shared/api/endpoints';
import type { components } from '@hiram/shared/api/schema.gen';
import { t } from '@hiram/shared/i18n/i18n';

export type ComplaintInit = components['schemas']['ComplaintInit'];
export type ComplaintOrder = components['schemas']['ComplaintOrder'];
export type Choice = components['schemas']['Choice'];

export const PROBLEM_INIT_PATH = '/user-problem/problem-init';

/** The question types, the collection sub-types and the borrower's orders; `orderId` picks `orderDetail`. */
export function problemInit(orderId: string) {
  return formApi.post(PROBLEM_INIT_PATH, { orderId: orderId || undefined }, { loading: t('common.loading') });
}

export function problemInitQuery(orderId = '') {
  return { queryKey: ['complaint-init', orderId], queryFn: () => problemInit(orderId) };
}

export function useProblemInit(orderId = '') {
  return useQuery(problemInitQuery(orderId));
}
