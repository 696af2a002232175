import { formClient } from '@hiram/shared/api/request';
import { t } from '@hiram/shared/i18n/i18n';

/** Success: the new order. A 409 for missing KYC carries only `nextUrl` ("/certify"). */
export interface ApplyAnswer {
  orderId?: number;
  /** 21 under review, 151 approved, 110 rejected (decision D3). */
  status?: number;
  nextUrl?: string;
}

export const APPLY_PATH = '/v3/product/apply';

/** Refusals (KYC missing, an open loan, above the limit) toast the server's message. */
export function applyForLoan(productId: string, amount: number) {
  return formClient.post<ApplyAnswer>(APPLY_PATH, { productId, amount }, { loading: t('common.loading') });
}
