import { useQuery } from '@tanstack/react-query';
import { formApi } from '@hiram/shared/api/endpoints';
import type { components } from '@hiram/shared/api/schema.gen';
import { t } from '@hiram/shared/i18n/i18n';

/** `limit` is the caller's borrowing limit (null when not logged in); `sample` quotes min(limit ?? max, max). */
export type ProductDetail = components['schemas']['ProductDetail'];

export const PRODUCT_DETAIL_PATH = '/v3/product/detail';

export function getProductDetail(productId: string) {
  return formApi.post(PRODUCT_DETAIL_PATH, { productId }, { loading: t('common.loading') });
}

export function useProductDetail(productId: string) {
  return useQuery({
    queryKey: ['product-detail', productId],
    queryFn: () => getProductDetail(productId),
    enabled: productId !== '',
  });
}
