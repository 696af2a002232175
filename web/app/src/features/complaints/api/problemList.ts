import { useQuery } from '@tanstack/react-query';
import { formApi } from '@hiram/shared/api/endpoints';
import type { components } from '@hiram/shared/api/schema.gen';
import { t } from '@hiram/shared/i18n/i18n';

export type ComplaintList = components['schemas']['ComplaintList'];
export type ListEntry = components['schemas']['ListEntry'];

export const PROBLEM_LIST_PATH = '/user-problem/problem-list';

/** The borrower's complaints in the server's tabs (All, Processing, Replied). */
export function useProblemList() {
  return useQuery({
    queryKey: ['complaint-list'],
    queryFn: () => formApi.post(PROBLEM_LIST_PATH, {}, { loading: t('common.loading') }),
    staleTime: 0,
  });
}
