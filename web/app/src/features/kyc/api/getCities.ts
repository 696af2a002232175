import { useQuery } from '@tanstack/react-query';
import { formApi } from '@hiram/shared/api/endpoints';

export const CITY_INIT_PATH = '/v3/certify/city-init';

/** Philippine cities and municipalities with their province, for "city" items. */
export function getCities() {
  return formApi.post(CITY_INIT_PATH, {});
}

export function useCities(enabled: boolean) {
  return useQuery({
    queryKey: ['cities'],
    queryFn: async () => {
      const result = await getCities();
      return result.success ? (result.data?.cities ?? []) : [];
    },
    enabled,
    staleTime: Infinity,
  });
}
