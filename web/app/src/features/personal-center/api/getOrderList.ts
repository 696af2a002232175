import { useQuery } from '@tanstack/react-query';
import { formClient } from '@hiram/shared/api/request';

export interface OrderSummary {
  orderId: number;
  orderNo: string;
  productId: number;
  productName: string;
  productLogo: string;
  status: number;
  statusText: string;
  amountText: string;
  appliedAt: string;
}

export const ORDER_LIST_PATH = '/v3/personal-center/order-list';

export function getOrderList() {
  return formClient.post<{ orders: OrderSummary[] }>(ORDER_LIST_PATH, {});
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
