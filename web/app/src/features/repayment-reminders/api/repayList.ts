import { useQuery } from '@tanstack/react-query';
import { formApi } from '@hiram/shared/api/endpoints';
import type { components } from '@hiram/shared/api/schema.gen';
import { t } from '../texts';
import { REPAY_KEY } from './repayIndex';

export type RepayList = components['schemas']['RepayList'];

export const REPAY_LIST_PATH = '/repayment-product/get-list';

/** The borrower's loans in repayment and their bills, each with its reminder. */
export function useRepayList() {
  return useQuery({
    queryKey: [REPAY_KEY, 'list'],
    queryFn: () => formApi.post(REPAY_LIST_PATH, {}, { loading: t('common.loading') }),
    staleTime: 0,
  });
}
