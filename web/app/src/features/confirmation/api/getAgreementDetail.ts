import { useQuery } from '@tanstack/react-query';
import { formApi } from '@hiram/shared/api/endpoints';
import type { components } from '@hiram/shared/api/schema.gen';
import { t } from '@hiram/shared/i18n/i18n';

export type DocKind = 'agreement' | 'disclosure';

/** The order's loan agreement or its Truth in Lending disclosure statement. */
export type DocumentView = components['schemas']['DocumentView'];

export const AGREEMENT_DETAIL_PATH = '/v3/contract/loan-agreement-detail';

export function getAgreementDetail(orderId: string, doc: DocKind) {
  return formApi.post(AGREEMENT_DETAIL_PATH, { orderId, doc }, { loading: t('common.loading') });
}

export function useAgreementDetail(orderId: string, doc: DocKind) {
  return useQuery({
    queryKey: ['loan-agreement', orderId, doc],
    queryFn: () => getAgreementDetail(orderId, doc),
    enabled: orderId !== '',
  });
}
