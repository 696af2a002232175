import { useQuery } from '@tanstack/react-query';
import { formClient } from '@hiram/shared/api/request';
import { t } from '../texts';
import type { RecordView } from './getList';
import { BOOK_KEEPING_KEY } from './keys';

export const GET_INFO_PATH = '/book-keeping/get-info';

/** One of the borrower's entries, for editing; nothing is fetched without an id. */
export function useRecordInfo(id: string) {
  return useQuery({
    queryKey: [BOOK_KEEPING_KEY, 'info', id],
    queryFn: () => formClient.post<RecordView>(GET_INFO_PATH, { id }, { loading: t('common.loading') }),
    enabled: id !== '',
    staleTime: 0,
  });
}
