import { useQuery } from '@tanstack/react-query';
import { formClient } from '@hiram/shared/api/request';
import { t } from '@hiram/shared/i18n/i18n';
import type { ProductCard } from '../../../components/ProductList';

export interface HomePage {
  products: ProductCard[];
  /** A line of news or a reminder from the lender; may be empty. */
  notice: string;
}

export const HOME_PAGE_PATH = '/v4/index/home-page';

export function getHomePage() {
  return formClient.post<HomePage>(HOME_PAGE_PATH, {}, { loading: t('common.loading') });
}

export function useHomePage() {
  return useQuery({ queryKey: ['home-page'], queryFn: getHomePage });
}
