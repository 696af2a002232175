import { useQuery } from '@tanstack/react-query';
import { formApi } from '@hiram/shared/api/endpoints';
import type { components } from '@hiram/shared/api/schema.gen';
import { t } from '@hiram/shared/i18n/i18n';
import { useRefetchOnArrival } from '../../../lib/arrival';

export type BankForm = components['schemas']['BankForm'];
export type BankFormItem = components['schemas']['BankFormItem'];

export const CARD_INIT_PATH = '/v3/bind-card/card-init';

/** The bind form (spec §3 "Bank form item") and the account loans go to now, masked. */
export function getBankForm(productId: string) {
  return formApi.post(CARD_INIT_PATH, { product_id: productId }, { loading: t('common.loading') });
}

/** The current account changes with every binding: never fresh from an earlier visit. */
export function bankFormQuery(productId: string) {
  return { queryKey: ['bank-form', productId], queryFn: () => getBankForm(productId), staleTime: 0 };
}

/** The form, asked again on every arrival (the start-up's answer counts for the first). */
export function useBankForm(productId: string) {
  const query = bankFormQuery(productId);
  return useQuery({ ...query, refetchOnMount: useRefetchOnArrival(query.queryKey) });
}
