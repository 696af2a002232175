import { useQuery } from '@tanstack/react-query';
import { formApi } from '@hiram/shared/api/endpoints';
import type { components } from '@hiram/shared/api/schema.gen';
import { t } from '../texts';

export type RepayOverview = components['schemas']['RepayOverview'];
export type RepayItem = components['schemas']['RepayItem'];

export const REPAY_INDEX_PATH = '/repayment-product/index';

/** Every query of this feature starts with this key, so a change refreshes them all. */
export const REPAY_KEY = 'repayment-reminders';

/** What falls due in the next 30 days, bills and own loans together. */
export function useRepayIndex() {
  return useQuery({
    queryKey: [REPAY_KEY, 'index'],
    queryFn: () => formApi.post(REPAY_INDEX_PATH, {}, { loading: t('common.loading') }),
    staleTime: 0,
  });
}
