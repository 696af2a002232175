import { useQuery } from '@tanstack/react-query';
import { formApi } from '@hiram/shared/api/endpoints';
import type { components } from '@hiram/shared/api/schema.gen';
import { t } from '../texts';
import { BOOK_KEEPING_KEY } from './keys';

export type CategoryList = components['schemas']['CategoryList'];
export type CategoryView = components['schemas']['CategoryView'];

export const GET_CATEGORY_LIST_PATH = '/book-keeping/get-category-list';

/** The categories of each kind with their titles and icon keys; fixed, so fetched once a visit. */
export function useCategoryList() {
  return useQuery({
    queryKey: [BOOK_KEEPING_KEY, 'categories'],
    queryFn: () => formApi.post(GET_CATEGORY_LIST_PATH, {}, { loading: t('common.loading') }),
    staleTime: Infinity,
  });
}
