import { useQuery } from '@tanstack/react-query';
import { formApi } from '@hiram/shared/api/endpoints';
import type { components } from '@hiram/shared/api/schema.gen';
import { t } from '@hiram/shared/i18n/i18n';

export type BankForm = components['schemas']['BankForm'];
export type BankFormItem = components['schemas']['BankFormItem'];

export const CARD_INIT_PATH = '/v3/bind-card/card-init';

/** The bind form (spec §3 "Bank form item") and the account loans go to now, masked. */
export function getBankForm(productId: string) {
  return formApi.post(CARD_INIT_PATH, { product_id: productId }, { loading: t('common.loading') });
}

export function useBankForm(productId: string) {
  return useQuery({
    queryKey: ['bank-form', productId],
    queryFn: () => getBankForm(productId),
    // The current account changes with every binding: always ask again.
    staleTime: 0,
  });
}
