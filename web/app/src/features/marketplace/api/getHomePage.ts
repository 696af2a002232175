import { useQuery } from '@tanstack/react-query';
import { formApi } from '@hiram/shared/api/endpoints';
import { t } from '@hiram/shared/i18n/i18n';

export const HOME_PAGE_PATH = '/v4/index/home-page';

/** The products and a line of news or a reminder from the lender (may be empty). */
export function getHomePage() {
  return formApi.post(HOME_PAGE_PATH, {}, { loading: t('common.loading') });
}

export const homePageQuery = { queryKey: ['home-page'], queryFn: getHomePage };

export function useHomePage() {
  return useQuery(homePageQuery);
}
