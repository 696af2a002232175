import { useQuery } from '@tanstack/react-query';
import { formApi } from '@hiram/shared/api/endpoints';

export const ORDER_LIST_PATH = '/v3/personal-center/order-list';

export function getOrderList() {
  return formApi.post(ORDER_LIST_PATH, {});
}

export function useOrderList(enabled: boolean) {
  return useQuery({
    queryKey: ['order-list'],
    queryFn: async () => {
      const result = await getOrderList();
      return result.success ? (result.data?.orders ?? []) : [];
    },
    enabled,
  });
}
