import { useQuery } from '@tanstack/react-query';
import { formClient } from '@hiram/shared/api/request';

/** Contracts shown on the confirm page (spec §9: scene 3). */
export const CONFIRM_SCENE = 3;

export interface ContractItem {
  title: string;
  position: number;
}

export const CONTRACT_PATH = '/v3/contract/contract';

export function getContracts(productId: string, orderId: string) {
  return formClient.post<{ data: ContractItem[] }>(CONTRACT_PATH, { productId, scene: CONFIRM_SCENE, orderId });
}

export function useContracts(productId: string, orderId: string) {
  return useQuery({
    queryKey: ['contracts', productId, orderId, CONFIRM_SCENE],
    queryFn: async () => {
      const result = await getContracts(productId, orderId);
      return result.success ? (result.data?.data ?? []) : [];
    },
    enabled: orderId !== '',
  });
}
