import { useQuery } from '@tanstack/react-query';
import { formApi } from '@hiram/shared/api/endpoints';
import type { components } from '@hiram/shared/api/schema.gen';
import { t } from '@hiram/shared/i18n/i18n';

// Spec §3, Repayment info: the server's /v3/installment/loan-play-detail.
export type RepaymentInfo = components['schemas']['RepaymentInfo'];
export type DetailRow = components['schemas']['DetailRow'];
export type RepayChannel = components['schemas']['ChannelItem'];

export const REPAYMENT_INFO_PATH = '/v3/installment/loan-play-detail';

export function getRepaymentInfo(productId: string, orderId: string) {
  return formApi.post(REPAYMENT_INFO_PATH, { productId, orderId }, { loading: t('common.loading') });
}

export function repaymentInfoQuery(productId: string, orderId: string) {
  return {
    queryKey: ['repayment-info', productId, orderId] as const,
    queryFn: () => getRepaymentInfo(productId, orderId),
    enabled: orderId !== '',
  };
}

export function useRepaymentInfo(productId: string, orderId: string) {
  return useQuery(repaymentInfoQuery(productId, orderId));
}
