import { useQuery } from '@tanstack/react-query';
import { formApi } from '@hiram/shared/api/endpoints';
import { t } from '../texts';
import { BOOK_KEEPING_KEY } from './keys';

export const GET_INFO_PATH = '/book-keeping/get-info';

/** One of the borrower's entries, for editing; nothing is fetched without an id. */
export function useRecordInfo(id: string) {
  return useQuery({
    queryKey: [BOOK_KEEPING_KEY, 'info', id],
    queryFn: () => formApi.post(GET_INFO_PATH, { id }, { loading: t('common.loading') }),
    enabled: id !== '',
    staleTime: 0,
  });
}
