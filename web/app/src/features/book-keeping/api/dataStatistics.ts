import { useQuery } from '@tanstack/react-query';
import { formApi } from '@hiram/shared/api/endpoints';
import type { components } from '@hiram/shared/api/schema.gen';
import { t } from '../texts';
import { BOOK_KEEPING_KEY } from './keys';

export type StatisticsView = components['schemas']['StatisticsView'];
export type ShareView = components['schemas']['ShareView'];
export type MonthBarView = components['schemas']['MonthBarView'];

export const DATA_STATISTICS_PATH = '/book-keeping/data-statistics';

/** A month by category (shares in basis points) and six months of totals for the chart. */
export function useStatistics(month: string) {
  return useQuery({
    queryKey: [BOOK_KEEPING_KEY, 'statistics', month],
    queryFn: () => formApi.post(DATA_STATISTICS_PATH, { month }, { loading: t('common.loading') }),
    staleTime: 0,
  });
}
