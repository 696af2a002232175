import { useQuery } from '@tanstack/react-query';
import { formApi } from '@hiram/shared/api/endpoints';
import type { components } from '@hiram/shared/api/schema.gen';
import { t } from '@hiram/shared/i18n/i18n';

export type FailureView = components['schemas']['FailurePage'];

/** Legacy path (decision D6). */
export const FAILURE_PATH = '/gopia/goya/drowns';

export function getFailure(orderId: string) {
  return formApi.post(FAILURE_PATH, { orderId }, { loading: t('common.loading') });
}

export function useFailure(orderId: string) {
  return useQuery({ queryKey: ['login-failure', orderId], queryFn: () => getFailure(orderId) });
}
