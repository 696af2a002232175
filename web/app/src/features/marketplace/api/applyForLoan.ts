import { formApi } from '@hiram/shared/api/endpoints';
import { t } from '@hiram/shared/i18n/i18n';

export const APPLY_PATH = '/v3/product/apply';

/**
 * Success: the new order (status 21 under review, 151 approved, 110
 * rejected; decision D3). Refusals (KYC missing, an open loan, above the
 * limit) toast the server's message; a 409 for missing KYC or an open loan
 * says in `nextUrl` where to go.
 */
export function applyForLoan(productId: string, amount: number) {
  return formApi.post(APPLY_PATH, { productId, amount }, { loading: t('common.loading') });
}
