import { useQuery } from '@tanstack/react-query';
import { formClient } from '@hiram/shared/api/request';
import { t } from '@hiram/shared/i18n/i18n';
import type { ProductCard } from '../../../components/ProductList';

export interface FailureView {
  noticeMessage: string;
  errMessage: string;
  products: ProductCard[];
}

/** Legacy path (decision D6). */
export const FAILURE_PATH = '/gopia/goya/drowns';

export function getFailure(orderId: string) {
  return formClient.post<FailureView>(FAILURE_PATH, { orderId }, { loading: t('common.loading') });
}

export function useFailure(orderId: string) {
  return useQuery({ queryKey: ['login-failure', orderId], queryFn: () => getFailure(orderId) });
}
