import { useQuery } from '@tanstack/react-query';
import { formApi } from '@hiram/shared/api/endpoints';
import type { components } from '@hiram/shared/api/schema.gen';
import { t } from '../texts';
import { REPAY_KEY } from './repayIndex';

export type BillInfo = components['schemas']['BillInfo'];

export const REPAY_PRODUCT_INFO_PATH = '/repayment-product/repay-product-info';

/** One of the borrower's bills, for editing; off until an id is given. */
export function useRepayProductInfo(repayProductId: string) {
  return useQuery({
    queryKey: [REPAY_KEY, 'bill', repayProductId],
    queryFn: () =>
      formApi.post(REPAY_PRODUCT_INFO_PATH, { repayProductId }, { loading: t('common.loading') }),
    enabled: repayProductId !== '',
    staleTime: 0,
  });
}
