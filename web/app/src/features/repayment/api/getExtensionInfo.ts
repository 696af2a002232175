import { useQuery } from '@tanstack/react-query';
import { formApi } from '@hiram/shared/api/endpoints';
import type { components } from '@hiram/shared/api/schema.gen';
import { t } from '@hiram/shared/i18n/i18n';

// Spec §2, extension (delay) repayment: the server's /v3/loan-details/delay-detail
// (decision 012). A loan that cannot be extended answers 409 with a message.
export type ExtensionInfo = components['schemas']['ExtensionInfo'];
export type PlanItem = components['schemas']['PlanItem'];

export const EXTENSION_INFO_PATH = '/v3/loan-details/delay-detail';

export function getExtensionInfo(productId: string, orderId: string) {
  return formApi.post(EXTENSION_INFO_PATH, { productId, orderId }, { loading: t('common.loading') });
}

export function useExtensionInfo(productId: string, orderId: string) {
  return useQuery({
    queryKey: ['extension-info', productId, orderId] as const,
    queryFn: () => getExtensionInfo(productId, orderId),
    enabled: orderId !== '',
  });
}
