import { useQuery } from '@tanstack/react-query';
import { formApi } from '@hiram/shared/api/endpoints';
import type { components } from '@hiram/shared/api/schema.gen';
import { t } from '@hiram/shared/i18n/i18n';

export type ComplaintDetail = components['schemas']['ComplaintDetail'];

export const PROBLEM_DETAIL_PATH = '/user-problem/problem-detail';

export function problemDetailKey(problemId: string) {
  return ['complaint-detail', problemId] as const;
}

/** One complaint with customer care's answer. */
export function useProblemDetail(problemId: string) {
  return useQuery({
    queryKey: problemDetailKey(problemId),
    queryFn: () => formApi.post(PROBLEM_DETAIL_PATH, { problemId }, { loading: t('common.loading') }),
    enabled: problemId !== '',
    staleTime: 0,
  });
}
