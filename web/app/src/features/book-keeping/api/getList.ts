import { useQuery } from '@tanstack/react-query';
import { formApi } from '@hiram/shared/api/endpoints';
import type { components } from '@hiram/shared/api/schema.gen';
import { t } from '../texts';
import { BOOK_KEEPING_KEY } from './keys';

export type MonthList = components['schemas']['MonthList'];
export type RecordView = components['schemas']['RecordView'];

export const GET_LIST_PATH = '/book-keeping/get-list';

/** A month's entries (`YYYY-MM`; empty for this month in Manila) with its totals in centavos. */
export function useMonthList(month: string) {
  return useQuery({
    queryKey: [BOOK_KEEPING_KEY, 'list', month],
    queryFn: () => formApi.post(GET_LIST_PATH, { month }, { loading: t('common.loading') }),
    staleTime: 0,
  });
}
