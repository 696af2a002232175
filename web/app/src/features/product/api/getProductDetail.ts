import { useQuery } from '@tanstack/react-query';
import { formClient } from '@hiram/shared/api/request';
import { t } from '@hiram/shared/i18n/i18n';
import type { QuoteView } from './getQuote';

export interface ProductDetail {
  id: number;
  name: string;
  logo: string;
  lenderName: string;
  lenderCorporateName: string;
  secRegistrationNo: string;
  certificateOfAuthorityNo: string;
  minAmount: number;
  maxAmount: number;
  amountStep: number;
  periods: number;
  periodDays: number;
  termDays: number;
  rateDescription: string;
  tags: string[];
  available: boolean;
  allowsExtension: boolean;
  /** The caller's borrowing limit in centavos; null when not logged in. */
  limit: number | null;
  /** The quote for the default amount, min(limit ?? maxAmount, maxAmount). */
  sample: QuoteView;
}

export const PRODUCT_DETAIL_PATH = '/v3/product/detail';

export function getProductDetail(productId: string) {
  return formClient.post<ProductDetail>(PRODUCT_DETAIL_PATH, { productId }, { loading: t('common.loading') });
}

export function useProductDetail(productId: string) {
  return useQuery({
    queryKey: ['product-detail', productId],
    queryFn: () => getProductDetail(productId),
    enabled: productId !== '',
  });
}
