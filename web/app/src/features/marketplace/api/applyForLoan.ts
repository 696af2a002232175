import type { Reply } from '@hiram/shared/api/endpoints';
import { formClient } from '@hiram/shared/api/request';
import { t } from '@hiram/shared/i18n/i18n';

/** A 409 for missing KYC carries only where to go ("/certify"); the document lists no 409 reply. */
interface KycMissing {
  nextUrl: string;
}

export const APPLY_PATH = '/v3/product/apply';

/**
 * Success: the new order (status 21 under review, 151 approved, 110
 * rejected; decision D3). Refusals (KYC missing, an open loan, above the
 * limit) toast the server's message.
 */
export function applyForLoan(productId: string, amount: number) {
  return formClient.post<Reply<'/pany/v3/product/apply', 'post'> | KycMissing>(APPLY_PATH, { productId, amount }, { loading: t('common.loading') });
}
