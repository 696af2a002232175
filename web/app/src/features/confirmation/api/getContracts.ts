import { useQuery } from '@tanstack/react-query';
import { formApi } from '@hiram/shared/api/endpoints';
import type { components } from '@hiram/shared/api/schema.gen';

/** Contracts shown on the confirm page (spec §9: scene 3). */
export const CONFIRM_SCENE = 3;

export type ContractItem = components['schemas']['ContractItem'];

export const CONTRACT_PATH = '/v3/contract/contract';

export function getContracts(productId: string, orderId: string) {
  return formApi.post(CONTRACT_PATH, { productId, scene: String(CONFIRM_SCENE), orderId });
}

/** The calls a confirmation page's documents come through, and the key that keeps each page's replies apart. */
export interface ContractsCalls {
  key: string;
  contracts: typeof getContracts;
}

/** The documents through `calls` (the current or the older page's call). */
export function contractsQuery(productId: string, orderId: string, calls: ContractsCalls) {
  return {
    queryKey: ['contracts', calls.key, productId, orderId, CONFIRM_SCENE],
    queryFn: async () => {
      const result = await calls.contracts(productId, orderId);
      return result.success ? (result.data?.data ?? []) : [];
    },
    enabled: productId !== '' || orderId !== '',
  };
}

/** The documents the confirmation page lists. */
export function useContracts(productId: string, orderId: string, calls: ContractsCalls) {
  return useQuery(contractsQuery(productId, orderId, calls));
}
